// the race is reported with both accesses, and failOnRace fails the build
def log = new File(basedir, 'build.log').text
assert log.contains('race on field demo.Counter.count')
assert log.contains('at demo.Counter.increment(Counter.java:')
// as the runtime's text report: the callers of the access (none of the runtime's own frames)
assert log.contains('called from demo.CounterTest.lambda$twoWorkersIncrement$')
assert !log.contains('called from bigfoot.rt.')
assert log.contains('data race in the tests')
assert log.contains('BUILD FAILURE')
// the compiled classes are left as they were: only target/bigfoot holds rewritten ones
def original = new File(basedir, 'target/classes/demo/Counter.class').bytes
def rewritten = new File(basedir, 'target/bigfoot/classes/demo/Counter.class').bytes
assert original != rewritten
assert !new String(original, 'ISO-8859-1').contains('bigfoot/rt/RT')
assert new String(rewritten, 'ISO-8859-1').contains('bigfoot/rt/RT')
// the other formats: SARIF for code-scanning views, a self-contained HTML page
def sarif = new File(basedir, 'target/bigfoot/races.sarif').text
assert sarif.contains('"version":"2.1.0"') && sarif.contains('"uri":"demo/Counter.java"')
def html = new File(basedir, 'target/bigfoot/races.html').text
assert html.contains('write-write race on field demo.Counter.count')
