// a lock and a thread pool order everything: no race, the build passes, the jar holds the original classes
def log = new File(basedir, 'build.log').text
assert log.contains('no data race in the tests')
assert log.contains('BUILD SUCCESS')
def jar = new java.util.jar.JarFile(new File(basedir, 'target/race-free-1.0.jar'))
def bytes = jar.getInputStream(jar.getEntry('demo/SafeCounter.class')).bytes
assert !new String(bytes, 'ISO-8859-1').contains('bigfoot/rt/RT')
