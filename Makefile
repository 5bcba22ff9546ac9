# BigFoot for Java. `make demo` runs the detector on the bundled example; `make test` runs every test.
MVN ?= mvn -B -ntp
DEMO := target/demo
RUNTIME_JAR = $(firstword $(wildcard dynamic-bf/target/dynamic-bf-*-SNAPSHOT.jar))
CLI_JAR = $(firstword $(wildcard static-bf/target/static-bf-*-cli.jar))

.PHONY: build demo test bench bench-quick bench-tools bench-jmh bench-threads sync-list clean

build:
	$(MVN) -q -DskipTests install

test:
	$(MVN) verify

demo: build
	rm -rf $(DEMO) && mkdir -p $(DEMO)/classes
	javac -g -d $(DEMO)/classes examples/bank/src/demo/Bank.java
	jar --create --file $(DEMO)/bank.jar --date=2000-01-01T00:00:02Z -C $(DEMO)/classes .
	bin/staticbf --in $(DEMO)/bank.jar --out $(DEMO)/bank-checked.jar
	bin/dynamicbf --report json:$(DEMO)/races.json -cp $(DEMO)/bank-checked.jar demo.Bank
	@echo "JSON report: $(DEMO)/races.json"

bench: build
	java -Xmx10g -cp benchmarks/target/classes:$(CLI_JAR):$(RUNTIME_JAR) bigfoot.bench.Compare --runtime $(RUNTIME_JAR) --runs 3

bench-quick: build
	java -Xmx10g -cp benchmarks/target/classes:$(CLI_JAR):$(RUNTIME_JAR) bigfoot.bench.Compare --runtime $(RUNTIME_JAR) --quick

# the seed papers' detectors side by side on the kernels (the FastTrack paper's Table 1): `--tool` runs of FT's rewrite
bench-tools: build
	java -Xmx10g -cp benchmarks/target/classes:$(CLI_JAR):$(RUNTIME_JAR) bigfoot.bench.Compare --runtime $(RUNTIME_JAR) \
		--quick --warmups 5 --configs FT1,DJIT,BASICVC,GOLDILOCKS,SHB,ERASER,EMPTY \
		sor particles crypt series lufact sparse moldyn montecarlo raytracer

bench-threads: build
	java -cp benchmarks/target/classes:$(CLI_JAR) bigfoot.bench.ManyThreads --runtime $(RUNTIME_JAR) $(THREADS_ARGS)

bench-jmh: build
	java -cp "benchmarks/target/classes:benchmarks/target/jmh-libs/*:$(RUNTIME_JAR)" org.openjdk.jmh.Main $(JMH_ARGS)

# the README's list of modelled JDK synchronisation, regenerated from the model
sync-list: build
	java -cp static-bf/target/classes bigfoot.staticbf.jdk.ModelList README.md

clean:
	$(MVN) -q clean
	rm -rf target
