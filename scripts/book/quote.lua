-- quote.lua: a pandoc filter that quotes the course's real files into the
-- book, so the text cannot drift from the code. A quote that no longer
-- matches anything stops the build.
--
--   ```{.patch patch="0001" file="fs/ext2/balloc.c" hunk="ext2_try_to_allocate"}
--   ```
--     the hunks of patches/0001-*.patch that change fs/ext2/balloc.c and
--     whose header or body contains the text given in hunk= (all hunks of
--     the file when hunk= is left out), as a highlighted diff; from= and
--     to= narrow the quote to the lines from the first one containing from=
--     to the next one containing to= (a function out of a long hunk)
--
--   ```{.include file="walkthrough/ch0.gdb" from="break" to="rsv-list" lang="gdb"}
--   ```
--     a file of the repository, whole or from the first line containing
--     from= to the first line after it containing to=
--
--   ```{.markdown file="results/bench.md" from="### Mean" to="ch4"}
--   ```
--     markdown made by a script (measured tables, the symbol map), parsed
--     and placed in the book as if it were written there; from= and to=
--     as for .include; rows="ch1 ch2" keeps, of each table, the header and
--     the rows whose first cell is one of those names (a chapter's own row);
--     caption="..." titles the quote's first table when the file does not
--
--   ```{.output file="book/examples/writers.txt"}
--   ```
--     a command and its real output, saved by scripts/book/examples.sh
--
-- Quoted patches and files get a numbered caption ("Listing 3"), in a div
-- of class "listing" that the stylesheet keeps with its code. Tabs in every
-- code block are expanded to spaces (8-column stops, counted from after a
-- diff's +/-/space column, as in the source file): WeasyPrint gives a tab
-- that falls on a stop no width. With BOOK_TABS set, each pair of words a
-- tab separated is written to that file, one "left right" per line, so that
-- scripts/book.sh can look for them run together in the PDF's text.

local top = os.getenv("COURSE_TOP") or "."

local function fail(msg)
  io.stderr:write("quote.lua: " .. msg .. "\n")
  os.exit(1)
end

local function read(path)
  local f = io.open(top .. "/" .. path, "r")
  if not f then fail("cannot read " .. path) end
  local s = f:read("a")
  f:close()
  return s
end

local function lines(s)
  local t = {}
  for l in (s .. "\n"):gmatch("(.-)\n") do t[#t + 1] = l end
  if t[#t] == "" then t[#t] = nil end
  return t
end

local tabfile = os.getenv("BOOK_TABS") and io.open(os.getenv("BOOK_TABS"), "a")

-- One line with its tabs expanded to 8-column stops.
local function expand_line(l)
  local out, col = {}, 0
  for ch in l:gmatch(".") do
    if ch == "\t" then
      local n = 8 - col % 8
      out[#out + 1] = string.rep(" ", n)
      col = col + n
    else
      out[#out + 1] = ch
      -- UTF-8 continuation bytes take no column.
      if ch:byte() < 0x80 or ch:byte() >= 0xC0 then col = col + 1 end
    end
  end
  return table.concat(out)
end

local function expand(text, diff)
  local t = {}
  for _, l in ipairs(lines(text)) do
    if tabfile then
      for a, b in l:gmatch("([%w_]+)\t+([%w_]+)") do tabfile:write(a, " ", b, "\n") end
    end
    if diff and l:match("^[ +-]") then
      t[#t + 1] = l:sub(1, 1) .. expand_line(l:sub(2))
    else
      t[#t + 1] = expand_line(l)
    end
  end
  return table.concat(t, "\n")
end

local listings = 0

-- A numbered caption above a quoted listing, kept with it on the page.
local function listing(caption, code)
  listings = listings + 1
  local head = pandoc.Para({ pandoc.Strong(pandoc.Str("Listing " .. listings .. ".")), pandoc.Space() })
  head.content:extend(caption)
  return pandoc.Div({ head, code }, pandoc.Attr("", { "listing" }))
end

-- The subject of a patch ("ext2: ..."), from its mail header.
local function subject(name)
  local text = read(name)
  local s, rest = text:match("\nSubject: %[PATCH[^%]]*%] ([^\n]*)\n(.*)")
  if not s then return name end
  -- A long subject goes on over lines that start with a space.
  for more in rest:gmatch("([^\n]*)\n") do
    if not more:match("^%s") then break end
    s = s .. " " .. more:gsub("^%s+", "")
  end
  return s
end

local function find_patch(prefix)
  local p = io.popen("ls " .. top .. "/patches/" .. prefix .. "*.patch 2>/dev/null")
  local name = p:read("l")
  p:close()
  if not name then fail("no patch patches/" .. prefix .. "*.patch") end
  return name:sub(#top + 2)
end

-- Split a patch into {file=..., hunks={{header=..., body={...}}}}.
local function parse(text)
  local files, cur, hunk = {}, nil, nil
  for _, l in ipairs(lines(text)) do
    local path = l:match("^diff %-%-git a/(%S+) b/")
    if path then
      cur = { file = path, hunks = {} }
      files[#files + 1] = cur
      hunk = nil
    elseif cur and l:match("^@@ ") then
      hunk = { header = l, body = {} }
      cur.hunks[#cur.hunks + 1] = hunk
    elseif hunk and l:match("^%-%- ?$") then
      -- format-patch's signature ("-- " and git's version), not a
      -- removed line: it ends the last hunk.
      hunk = nil
    elseif hunk and (l:match("^[ +-]") or l == "") then
      hunk.body[#hunk.body + 1] = l
    end
  end
  return files
end

-- The lines of all from the first containing from to the next containing
-- to (both optional); what names the source, for the error.
local function between(all, from, to, what)
  local out, on = {}, not from
  for _, l in ipairs(all) do
    if not on and l:find(from, 1, true) then on = true end
    if on then out[#out + 1] = l end
    if on and to and #out > 1 and l:find(to, 1, true) then break end
  end
  if #out == 0 then fail(what .. ": no line containing '" .. from .. "'") end
  if to and not out[#out]:find(to, 1, true) then
    fail(what .. ": no line containing '" .. to .. "' after '" .. (from or "the start") .. "'")
  end
  return out
end

local function quote_patch(el)
  local a = el.attributes
  local name = find_patch(a.patch or fail("a .patch block needs patch="))
  local file = a.file or fail("a .patch block needs file= (in " .. name .. ")")
  local want = a.hunk
  local out = {}
  for _, f in ipairs(parse(read(name))) do
    if f.file == file then
      for _, h in ipairs(f.hunks) do
        local body = table.concat(h.body, "\n")
        if not want or h.header:find(want, 1, true) or body:find(want, 1, true) then
          out[#out + 1] = h.header .. "\n" .. body
        end
      end
    end
  end
  if #out == 0 then
    fail(name .. ": no hunk in " .. file .. (want and (" containing '" .. want .. "'") or ""))
  end
  local text = table.concat(out, "\n")
  if a.from or a.to then
    text = table.concat(between(lines(text), a.from, a.to, name .. ": " .. file), "\n")
  end
  local number = name:match("patches/(%d+)")
  return listing({ pandoc.Str("Patch " .. number .. ", " .. subject(name) .. ": "), pandoc.Code(file) },
                 pandoc.CodeBlock(expand(text, true), pandoc.Attr("", { "diff" })))
end

local function quote_file(el)
  local a = el.attributes
  local path = a.file or fail("an .include block needs file=")
  local out = between(lines(read(path)), a.from, a.to, path)
  local cls = a.lang and { a.lang } or {}
  return listing({ pandoc.Code(path) },
                 pandoc.CodeBlock(expand(table.concat(out, "\n")), pandoc.Attr("", cls)))
end

local quoted = 0

local function quote_markdown(el)
  local a = el.attributes
  local path = a.file or fail("a .markdown block needs file=")
  -- before="X": up to the line containing X, without it (the next heading).
  local out = between(lines(read(path)), a.from, a.to or a.before, path)
  if a.before then table.remove(out) end
  if a.rows then
    local keep, kept, intable, n = {}, {}, false, 0
    for name in a.rows:gmatch("%S+") do keep[name] = true end
    for _, l in ipairs(out) do
      if l:match("^|") then
        n = intable and n + 1 or 1
        intable = true
        local first = l:match("^|%s*([^|]-)%s*|")
        if n <= 2 or keep[first] then kept[#kept + 1] = l end
        if n > 2 and keep[first] then keep["found " .. first] = true end
      else
        intable = false
        kept[#kept + 1] = l
      end
    end
    for name in a.rows:gmatch("%S+") do
      if not keep["found " .. name] then fail(path .. ": no table row for '" .. name .. "'") end
    end
    out = kept
  end
  -- keep="A|B": of the list items, only those containing A or B (plain
  -- text); headings and other lines stay. For a chapter's own targets.
  if a.keep then
    local kept, found = {}, false
    for _, l in ipairs(out) do
      local item = l:match("^%- ")
      local hit = false
      if item then
        for w in a.keep:gmatch("[^|]+") do
          if l:find(w, 1, true) then hit = true end
        end
      end
      if not item or hit then kept[#kept + 1] = l end
      if hit then found = true end
    end
    if not found then fail(path .. ": no list item containing '" .. a.keep .. "'") end
    out = kept
  end
  -- Each quote is parsed on its own, so its headings' automatic ids
  -- would repeat from one quote to the next: number them.
  quoted = quoted + 1
  local blocks = pandoc.read(table.concat(out, "\n"), "markdown").blocks
  -- caption="...": the title of the quote's first table, when the file
  -- gives it none.
  local titled = not a.caption
  return blocks:walk({
    Header = function(h)
      if h.identifier ~= "" then h.identifier = "q" .. quoted .. "-" .. h.identifier end
      return h
    end,
    Table = function(t)
      if not titled and #t.caption.long == 0 then
        t.caption.long = { pandoc.Plain(pandoc.read(a.caption, "markdown").blocks[1].content) }
        titled = true
        return t
      end
    end })
end

local function quote_output(el)
  local a = el.attributes
  local path = a.file or fail("an .output block needs file=")
  local out = between(lines(read(path)), a.from, a.to, path)
  return pandoc.CodeBlock(expand(table.concat(out, "\n")), pandoc.Attr("", { "console" }))
end

function CodeBlock(el)
  if el.classes:includes("patch") then return quote_patch(el) end
  if el.classes:includes("include") then return quote_file(el) end
  if el.classes:includes("markdown") then return quote_markdown(el) end
  if el.classes:includes("output") then return quote_output(el) end
  if el.text:find("\t") then
    el.text = expand(el.text, el.classes:includes("diff"))
    return el
  end
end

-- A table of eight columns or more (the search tables: one column per K)
-- is marked wide, so that print sets it in a smaller type that fits the
-- page instead of running past its right margin.
local function mark_wide(el)
  if #el.colspecs >= 8 then
    el.attr.classes:insert("wide")
  end
end

-- Tables are numbered through the book too: "Table N." opens the caption
-- (most quoted tables have none; their heading above says what they are).
local tables = 0
local LONG_ROWS = 24
local CELL_CHARS = 60
local function number_table(el)
  mark_wide(el)
  tables = tables + 1
  -- Widths from the content: a pipe table's dashes ('|---|---|') would
  -- otherwise give every column the same share of the page.
  for i, spec in ipairs(el.colspecs) do
    el.colspecs[i] = { spec[1], pandoc.ColWidthDefault }
  end
  -- Anchors at the caption and in the last row: WeasyPrint turns each id
  -- into a named destination with its page, so the book's build can see
  -- a table split across pages (pdfinfo -dests). A table of more than
  -- LONG_ROWS lines may run over; its anchors say so ("-long").
  -- A row takes as many lines as its longest cell needs (about
  -- CELL_CHARS characters a line in a cell of a table of several columns).
  local rows = 0
  local last
  for _, body in ipairs(el.bodies) do
    for _, row in ipairs(body.body) do
      local most = 0
      for _, cell in ipairs(row.cells) do
        most = math.max(most, #pandoc.utils.stringify(cell.contents))
      end
      rows = rows + math.max(1, math.ceil(most / CELL_CHARS))
      last = row
    end
  end
  local id = "table-" .. tables .. (rows > LONG_ROWS and "-long" or "")
  if last then
    local cell = last.cells[1]
    cell.contents:insert(pandoc.Plain({ pandoc.Span({}, { id = id .. "-end" }) }))
  end
  local label = pandoc.Span({ pandoc.Strong({ pandoc.Str("Table " .. tables .. ".") }) }, { id = id })
  local long = el.caption.long
  if #long > 0 and long[1].content then
    long[1].content:insert(1, pandoc.Space())
    long[1].content:insert(1, label)
  else
    el.caption.long = { pandoc.Plain({ label }) }
  end
  return el
end

-- Figures are numbered through the book, as listings are, so that the
-- text and an instructor can name one ("Figure 3"). A figure is an image
-- alone in its paragraph, which pandoc marks with the title "fig:".
local figures = 0
local function number_figure(img)
  if img.title:match("^fig:") then
    figures = figures + 1
    img.caption:insert(1, pandoc.Space())
    img.caption:insert(1, pandoc.Strong({ pandoc.Str("Figure " .. figures .. ".") }))
    return img
  end
end

-- A table's title: a measured table comes with a heading of its own
-- ("### Mean extents per file"), as heavy on the page as a section's,
-- sometimes with a paragraph or two saying what was measured between it
-- and the table. Such a heading (level 3 or more) becomes the caption of
-- the table that follows it ("Table N. Mean extents per file"), when that
-- table has none: the title is set as one and stays with its table, the
-- paragraphs stay where they are, and the heading's id moves with the
-- title, so that links to it still land there. A table right under a
-- section's heading (level 2) takes the heading's words as its caption
-- too, and the heading stays.
local function titles(blocks)
  local out = pandoc.List()
  local i = 1
  while i <= #blocks do
    local b = blocks[i]
    local j = i + 1
    if b.t == "Header" and b.level >= 3 then
      while j <= #blocks and j <= i + 3 and (blocks[j].t == "Para" or blocks[j].t == "Plain") do
        j = j + 1
      end
    end
    local tbl = blocks[j]
    if b.t == "Header" and tbl and tbl.t == "Table" and #tbl.caption.long == 0 and (b.level >= 3 or j == i + 1) then
      local id = b.level >= 3 and b.identifier or ""
      tbl.caption.long = { pandoc.Plain({ pandoc.Span(b.content, { id = id }) }) }
      if b.level < 3 then out:insert(b) end
      for k = i + 1, j do out:insert(blocks[k]) end
      i = j + 1
    else
      out:insert(b)
      i = i + 1
    end
  end
  return out
end

-- A long identifier in a code span may break after each '_', so that a
-- narrow column breaks it there, not in the middle of a word: <wbr/> in
-- HTML, and for print (BOOK_PRINT=1, scripts/book.sh) a zero-width space,
-- since WeasyPrint does not break at <wbr/>.
local function breakable(el)
  if not FORMAT:match("html") and not FORMAT:match("epub") then return nil end
  if #el.text < 14 or not el.text:match("[%w]_[%w]") or #el.classes > 0 then return nil end
  local esc = el.text:gsub("&", "&amp;"):gsub("<", "&lt;"):gsub(">", "&gt;")
  local mark = os.getenv("BOOK_PRINT") == "1" and "&#8203;" or "<wbr/>"
  return pandoc.RawInline("html", "<code>" .. esc:gsub("([%w])_([%w])", "%1_" .. mark .. "%2") .. "</code>")
end

-- Three passes: the quotes first; then headings over tables made their
-- captions; then the tables and figures numbered, those the quotes
-- brought in included (one pass does not look inside what it has just
-- returned).
return { { CodeBlock = CodeBlock }, { Blocks = titles }, { Table = number_table, Image = number_figure, Code = breakable } }
