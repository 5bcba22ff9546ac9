// each module is rewritten and checked on its own: core is race-free, app's race is reported (not fatal here)
def log = new File(basedir, 'build.log').text
assert new File(basedir, 'core/target/bigfoot/races.json').isFile()
assert new File(basedir, 'app/target/bigfoot/races.json').isFile()
assert log.contains('race on field demo.Counter.count')
assert log.contains('no data race in the tests')
assert log.contains('BUILD SUCCESS')
