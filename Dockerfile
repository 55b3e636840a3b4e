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
VOLUME /results
ENTRYPOINT ["java", "-jar", "/opt/linkbench/linkbench.jar"]
CMD ["--help"]
