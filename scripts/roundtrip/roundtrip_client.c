/* The C twin of RoundTripFloor's client: COUNT blocking one-byte round trips on a Unix socket, printing
 * this thread's CPU time and the wall time per round trip (the third of three rounds). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static double micros(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s SOCKET_PATH COUNT\n", argv[0]);
        return 2;
    }
    int count = atoi(argv[2]);
    int s = socket(AF_UNIX, SOCK_STREAM, 0);
    struct sockaddr_un a;
    memset(&a, 0, sizeof a);
    a.sun_family = AF_UNIX;
    strncpy(a.sun_path, argv[1], sizeof a.sun_path - 1);
    if (connect(s, (struct sockaddr *) &a, sizeof a) != 0) {
        perror("connect");
        return 1;
    }
    char b[64];
    for (int round = 0; round < 3; round++) {
        double cpu0 = micros(CLOCK_THREAD_CPUTIME_ID), wall0 = micros(CLOCK_MONOTONIC);
        for (int i = 0; i < count; i++) {
            if (write(s, "x", 1) != 1 || read(s, b, sizeof b) <= 0) {
                perror("round trip");
                return 1;
            }
        }
        if (round == 2) {
            printf("C client:    %.1f us CPU, %.1f us wall per round trip\n",
                   (micros(CLOCK_THREAD_CPUTIME_ID) - cpu0) / count, (micros(CLOCK_MONOTONIC) - wall0) / count);
        }
    }
    close(s);
    return 0;
}
