// each module is rewritten and checked on its own: core is race-free, app's race is accepted by its suppressions file
def log = new File(basedir, 'build.log').text
assert new File(basedir, 'core/target/bigfoot/races.json').isFile()
assert new File(basedir, 'app/target/bigfoot/races.json').isFile()
assert log.contains('no data race in the tests')
assert log.contains('(1 more suppressed)')
assert !log.contains('race on field demo.Counter.count')
assert log.contains('BUILD SUCCESS')
