# cunits.awk: split C source, already stripped of comments (gcc
# -fpreprocessed -dD -E -P), into its top-level definitions, and print one
# line per definition: NAME, a tab, then the definition's tokens joined by
# single spaces. So two versions of a file compare definition by
# definition, whatever their comments, indentation or line breaks.
#
# NAME is "f()" for a function body or prototype, "struct s" (union,
# enum) for a type definition, "#define M" for a macro, the variable's
# name for any other declaration, and the directive itself for any other
# preprocessor line but #if, #else and their kin, which are left out. A
# name seen twice in a file gets "#2", "#3", ...
#
# Used by scripts/mainline-diff.sh. Plain awk (mawk): no gensub.

function flush_token() {
	if (tok != "") { toks[++nt] = tok; tok = "" }
}
function isword(c) { return c ~ /[A-Za-z0-9_]/ }

# unit_name: the name of the unit held in toks[1..nt].
function unit_name(   i, depth, name, kind) {
	if (toks[1] ~ /^(struct|union|enum)$/ && nt >= 3 && toks[3] == "{")
		return toks[1] " " toks[2]
	if (toks[1] == "typedef")
		return "typedef " toks[nt - 1]
	depth = 0
	for (i = 1; i <= nt; i++) {
		if (toks[i] == "(" && depth == 0 && i > 1 && isword(substr(toks[i - 1], 1, 1)))
			return toks[i - 1] "()"
		if (toks[i] == "=" || toks[i] == "[" || toks[i] == ";" || toks[i] == "{")
			return (i > 1) ? toks[i - 1] : toks[i]
	}
	return toks[nt]
}

function emit(name, text,   n) {
	n = ++seen[name]
	if (n > 1) name = name "#" n
	print name "\t" text
}

function end_unit(   i, text) {
	flush_token()
	if (nt == 0) return
	text = toks[1]
	for (i = 2; i <= nt; i++) text = text " " toks[i]
	emit(unit_name(), text)
	nt = 0; fnbody = 0
}

# A preprocessor line (continuations already joined) is a unit of its own.
function directive(line,   t, n, w) {
	t = line
	gsub(/[ \t]+/, " ", t); sub(/^# */, "#", t); sub(/ $/, "", t)
	n = split(t, w, " ")
	# Conditionals are not tracked (see scripts/mainline-diff.sh).
	if (w[1] ~ /^#(if|ifdef|ifndef|elif|else|endif)$/)
		return
	if (w[1] == "#define") {
		name = w[2]; sub(/\(.*/, "", name)
		emit("#define " name, t)
	} else
		emit(t, t)
}

BEGIN { nt = 0; tok = ""; depth = 0; pending = "" }

{
	line = pending $0
	pending = ""
	if (line ~ /\\$/) { pending = substr(line, 1, length(line) - 1) " "; next }
	if (depth == 0 && nt == 0 && tok == "" && line ~ /^[ \t]*#/) { directive(line); next }
	n = length(line)
	for (i = 1; i <= n; i++) {
		c = substr(line, i, 1)
		if (c == "\"" || c == "'") {		# a string or character literal
			flush_token()
			q = c; s = c
			for (i++; i <= n; i++) {
				c = substr(line, i, 1); s = s c
				if (c == "\\") { i++; s = s substr(line, i, 1); continue }
				if (c == q) break
			}
			toks[++nt] = s
			continue
		}
		if (isword(c)) {
			if (tok != "" && !isword(substr(tok, 1, 1))) flush_token()
			tok = tok c
			continue
		}
		flush_token()
		if (c == " " || c == "\t") continue
		# Two-character operators stay one token, so "a->b" is "a -> b".
		two = substr(line, i, 2)
		if (two ~ /^(->|\+\+|--|<<|>>|<=|>=|==|!=|&&|\|\||\+=|-=|\*=|\/=|&=|\|=|\^=|%=)$/) {
			toks[++nt] = two; i++
			continue
		}
		toks[++nt] = c
		if (c == "(" || c == "[") paren++
		else if (c == ")" || c == "]") paren--
		else if (c == "{") {
			# A body after ")" at the top level: a function definition.
			if (depth == 0 && nt > 1 && toks[nt - 1] == ")") fnbody = 1
			depth++
		} else if (c == "}") {
			depth--
			if (depth == 0 && fnbody) end_unit()
		} else if (c == ";" && depth == 0 && paren == 0)
			end_unit()
	}
	flush_token()
}

END { end_unit() }
