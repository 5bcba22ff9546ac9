# BigFoot for Java. `make demo` runs the detector on the bundled example; `make test` runs every test.
MVN ?= mvn -B -ntp
DEMO := target/demo
RUNTIME_JAR = $(firstword $(wildcard dynamic-bf/target/dynamic-bf-*-SNAPSHOT.jar))
CLI_JAR = $(firstword $(wildcard static-bf/target/static-bf-*-cli.jar))

.PHONY: build demo test bench bench-quick bench-tools bench-jmh bench-threads sync-list hsdis clean

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

# the JIT's machine code for -XX:CompileCommand=print (docs/profiling.md); needs gcc and libcapstone-dev
hsdis: target/hsdis/hsdis-amd64.so

target/hsdis/hsdis-amd64.so: tools/hsdis/hsdis.c
	@test -f /usr/include/capstone/capstone.h || { echo "hsdis: needs capstone's headers (Debian: apt-get install libcapstone-dev)" >&2; exit 1; }
	mkdir -p target/hsdis
	gcc -O2 -shared -fPIC -Wall -o $@ $< -lcapstone
	@echo "hsdis: LD_LIBRARY_PATH=$(CURDIR)/target/hsdis java -XX:+UnlockDiagnosticVMOptions -XX:CompileCommand=print,Class::method ..."

clean:
	$(MVN) -q clean
	rm -rf target
