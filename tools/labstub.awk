# labstub.awk: replace the body of one function of a kernel-style C file
# by a stub, keeping its comment and signature.
#   awk -v fn=NAME -v stub='return NULL;' -v lab=2 -f labstub.awk FILE
# A definition is recognised as the kernel writes one: a line at column 0
# that names the function followed by '(' and is not a prototype (';'),
# then its body from a '{' alone at column 0 to the next '}' at column 0.
# Prints the file; exits 1 when the function was not found.
BEGIN { state = 0; found = 0 }
state == 0 && $0 ~ "^[A-Za-z].*[^A-Za-z0-9_]" fn "\\(" || state == 0 && $0 ~ "^" fn "\\(" {
	if ($0 !~ /;[ \t]*$/) state = 1
}
state == 1 && /;[ \t]*$/ { state = 0 }
state == 1 && /^\{$/ {
	print "{"
	print "\t/*"
	print "\t * TODO (lab " lab "): write this function; the comment above it"
	print "\t * says what it must do. 'make check CH=" lab "' tests it."
	print "\t */"
	print "\t" stub
	state = 2; found = 1
	next
}
state == 2 && /^\}$/ { print "}"; state = 0; next }
state == 2 { next }
{ print }
END { if (!found) exit 1 }
