# The kunit variant's guest: the KUnit tests of the reservation windows ran
# at boot, before /init, and printed their KTAP lines on the console, where
# scripts/kunit.sh reads them. Here there is only this to say.
. /tests/lib.sh
check "/init was reached after the KUnit tests ran" true
