# linkbench as a container image: the Maven build in one stage, then a JRE image that runs linkbench.jar.
#   podman build -t linkbench .        (or docker build)
#   podman run --rm --network=host -v "$PWD/results:/results" linkbench -l -r -D maxid1=100001 --results /results
# The base images are build arguments: the official ones by default, or any with Maven 3.8+ and JDK 17
# (BUILD_IMAGE) and a Java 17 runtime with `java` on the PATH (RUNTIME_IMAGE). scripts/image-check.sh
# makes both from a Debian 12 root where no registry is reachable, builds this file and runs the image.
# The Kubernetes manifests in deploy/kubernetes/ run it as a client fleet (src/site/markdown/distributed.md).
ARG BUILD_IMAGE=maven:3.9-eclipse-temurin-17
ARG RUNTIME_IMAGE=eclipse-temurin:17-jre

FROM ${BUILD_IMAGE} AS build
WORKDIR /src
COPY . .
RUN mvn -B -q package -pl linkbench-app -am -DskipTests

FROM ${RUNTIME_IMAGE}
WORKDIR /opt/linkbench
COPY --from=build /src/linkbench.jar /opt/linkbench/linkbench.jar
COPY config /opt/linkbench/config
# one short run on the memory store makes the class-data archive linkbench's JVM starts with
# (~/.cache/linkbench, see the README), so a container's first run does not make it for nothing
RUN java -jar /opt/linkbench/linkbench.jar -c /opt/linkbench/config/memory.properties -D maxid1=2001 \
        -D maxtime=2 -D warmup_time=0 -l -r --results /tmp/linkbench-training > /dev/null && rm -rf /tmp/linkbench-training
VOLUME /results
ENTRYPOINT ["java", "-jar", "/opt/linkbench/linkbench.jar"]
CMD ["--help"]
