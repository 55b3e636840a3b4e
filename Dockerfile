# linkbench as a container image: the Maven build in one stage, then a slim JRE image that runs
# linkbench.jar. Build: docker build -t linkbench . ; run: docker run --rm linkbench --help
# The Kubernetes manifests in deploy/kubernetes/ run it as a client fleet (src/site/markdown/distributed.md).
FROM maven:3.9-eclipse-temurin-17 AS build
WORKDIR /src
COPY . .
RUN mvn -B -q package -pl linkbench-app -am -DskipTests

FROM eclipse-temurin:17-jre
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
