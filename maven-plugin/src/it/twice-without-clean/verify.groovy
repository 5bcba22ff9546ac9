// the second build finds the rewritten classes up to date and rewrites nothing; both runs report the race
def log = new File(basedir, 'build.log').text
assert log.contains('rewritten classes are up to date')
assert log.count('staticbf: wrote') == 1
assert log.count('race on field demo.Counter.count') >= 1
assert log.contains('BUILD SUCCESS')
