-- slides.lua: turn a chapter of the book into a slide deck, after
-- quote.lua has put the real hunks, files and tables in. Nothing here is
-- written twice. A slide holds one thing to project: each level-2
-- section opens with a slide of its heading and its lists (or its first
-- paragraph, when it has nothing else), then each listing (cut to MAX
-- lines), figure and table of the section gets a slide of its own, under
-- the section's heading again. The section's paragraphs become the
-- speaker notes of its last slide. The chapter's title (level 1) and its
-- first paragraph make the title slide.

local MAX = 12

local function cut(code)
  local lines, n = {}, 0
  for l in (code.text .. "\n"):gmatch("(.-)\n") do
    n = n + 1
    if n <= MAX then lines[#lines + 1] = l end
  end
  if n > MAX then
    lines[#lines + 1] = string.format("... %d more lines: see the book", n - MAX)
  end
  code.text = table.concat(lines, "\n")
  return code
end

-- What a slide shows; anything else goes to the notes.
local function shown(b)
  if b.t == "CodeBlock" then return cut(b) end
  if b.t == "Div" and b.classes:includes("listing") then
    return b:walk({ CodeBlock = cut })
  end
  if b.t == "Table" or b.t == "BulletList" or b.t == "OrderedList" then return b end
  if b.t == "Figure" then return b end
  if b.t == "Para" and #b.content == 1 and b.content[1].t == "Image" then return b end
  if b.t == "Header" and b.level >= 3 then return b end
  return nil
end

-- A deck is one chapter: a link to another chapter's anchor has nowhere
-- to go, so it becomes its text.
function Link(l)
  if l.target:sub(1, 1) == "#" then return l.content end
end

-- A table too tall for one slide is cut into several, each with the
-- header: rows are added while their estimated lines (a row takes as many
-- as its longest cell needs, at about CELL characters a line) stay within
-- LINES.
local LINES, CELL = 11, 48
local function split_table(t)
  local rows = {}
  for _, body in ipairs(t.bodies) do
    for _, r in ipairs(body.body) do rows[#rows + 1] = r end
  end
  local parts, cur, used = {}, {}, 0
  for _, r in ipairs(rows) do
    local most = 0
    for _, c in ipairs(r.cells) do most = math.max(most, #pandoc.utils.stringify(c.contents)) end
    local h = math.max(1, math.ceil(most / CELL))
    if #cur > 0 and used + h > LINES then
      parts[#parts + 1] = cur; cur, used = {}, 0
    end
    cur[#cur + 1] = r; used = used + h
  end
  if #cur > 0 then parts[#parts + 1] = cur end
  if #parts <= 1 then return { t } end
  local out = {}
  for i, part in ipairs(parts) do
    local piece = t:clone()
    piece.bodies = { { attr = t.bodies[1].attr, body = part, head = {}, row_head_columns = 0 } }
    if i > 1 then piece.caption.long = {} end
    out[#out + 1] = piece
  end
  return out
end

-- A slide of its own: a listing, a figure or a table.
local function alone(b)
  return b.t == "CodeBlock" or b.t == "Table" or b.t == "Figure"
    or (b.t == "Div" and b.classes:includes("listing"))
    or (b.t == "Para" and #b.content == 1 and b.content[1].t == "Image")
end

function Pandoc(doc)
  local out, slide, notes = {}, nil, nil
  local function flush()
    if not slide then return end
    local head, rest, own = slide[1], {}, {}
    for i = 2, #slide do
      if slide[i].t == "Table" then
        for _, piece in ipairs(split_table(slide[i])) do own[#own + 1] = piece end
      elseif alone(slide[i]) then own[#own + 1] = slide[i]
      else rest[#rest + 1] = slide[i] end
    end
    -- A section of prose only: its first paragraph is the slide.
    if #rest == 0 and #own == 0 and #notes > 0 then rest[1] = table.remove(notes, 1) end
    if #rest > 0 or #own == 0 or head.level == 1 then
      out[#out + 1] = head
      for _, b in ipairs(rest) do out[#out + 1] = b end
    end
    for i, b in ipairs(own) do
      if i > 1 or #rest > 0 or head.level == 1 then
        -- the section's heading again, without its id (ids are unique)
        out[#out + 1] = pandoc.Header(2, head.content, pandoc.Attr("", { "continued" }))
      else
        out[#out + 1] = head
      end
      out[#out + 1] = b
    end
    if #notes > 0 then
      out[#out + 1] = pandoc.Div(notes, pandoc.Attr("", { "notes" }))
    end
    slide, notes = nil, nil
  end
  local title_para_done = false
  for _, b in ipairs(doc.blocks) do
    if b.t == "Header" and b.level <= 2 then
      flush()
      slide, notes = { b }, {}
    elseif slide then
      local s = shown(b)
      if s then
        slide[#slide + 1] = s
      elseif b.t == "Para" and slide[1].level == 1 and not title_para_done then
        slide[#slide + 1] = b          -- the chapter's first paragraph, on its title slide
        title_para_done = true
      else
        notes[#notes + 1] = b
      end
    end
  end
  flush()
  return pandoc.Pandoc(out, doc.meta)
end
