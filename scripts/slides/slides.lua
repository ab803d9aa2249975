-- slides.lua: turn a chapter of the book into a slide deck, after
-- quote.lua has put the real hunks, files and tables in. Nothing here is
-- written twice: each level-2 section becomes a slide that keeps the
-- section's heading, its listings (cut to MAX lines), figures, tables and
-- lists; its paragraphs become the slide's speaker notes, below it.
-- The chapter's title (level 1) and its first paragraph make the title slide.

local MAX = 16

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

function Pandoc(doc)
  local out, slide, notes = {}, nil, nil
  local function flush()
    if not slide then return end
    -- A section of prose only: its first paragraph is the slide.
    if #slide == 1 and #notes > 0 then table.insert(slide, table.remove(notes, 1)) end
    for _, b in ipairs(slide) do out[#out + 1] = b end
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
