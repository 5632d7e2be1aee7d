-- The command benchmark's load generator: wrk playing games over the public API
-- (opt-in; run by tests/benchmarks/bench_suite.py, never by pytest).
--
--   wrk -t8 -c8 -d10s -s tests/benchmarks/play.lua http://127.0.0.1:PORT -- arkantis
--
-- One connection per thread (-t equal to -c), so each thread is one player who
-- plays its own games in turn, as tests/benchmarks/clients.py's processes did:
-- create a game of the ruleset, claim every seat, read the summary, then loop
-- GET legal-commands (a seat named by the last answer's `to_act`, its token)
-- and POST one of the listed commands at random with `If-Match`; the seats to
-- act next come from the command's answer (a summary is read only after a
-- refusal); a finished game starts a new one. The legal-commands read and the
-- command are timed apart (CLOCK_MONOTONIC through LuaJIT's FFI). `done`
-- prints one line `PLATEAU-PLAY {json}` with every timing, for the suite to
-- read, and `setup_refused`: creations, claims and reads refused (a quota
-- per address left on would have the players loop on 429s; the suite stops). `-- ceiling` instead alternates GET /hello and POST /hello with a
-- command-sized body against the hello app, parsing each answer the same
-- way: how fast this generator itself can go.
--
-- The scanner below reads just enough JSON: the raw text of an object's
-- top-level fields and of an array's elements (a listed command is sent back
-- byte for byte as the server wrote it).

local ffi = require("ffi")
ffi.cdef([[
typedef struct { long tv_sec; long tv_nsec; } plateau_timespec;
int clock_gettime(int clock, plateau_timespec *tp);
]])
local timespec = ffi.new("plateau_timespec")
local function now_ms()
  ffi.C.clock_gettime(1, timespec) -- CLOCK_MONOTONIC
  return tonumber(timespec.tv_sec) * 1000 + tonumber(timespec.tv_nsec) / 1e6
end

local byte, sub, find = string.byte, string.sub, string.find

local function skip_ws(s, i)
  local _, e = find(s, "^[ \t\r\n]*", i)
  return e + 1
end

local function skip_string(s, i) -- s[i] is the opening quote
  local j = i + 1
  while true do
    local c = byte(s, j)
    if c == 92 then
      j = j + 2
    elseif c == 34 then
      return j + 1
    elseif c == nil then
      error("unterminated JSON string")
    else
      j = j + 1
    end
  end
end

local function skip_value(s, i) -- the index just past the value starting at i
  i = skip_ws(s, i)
  local c = byte(s, i)
  if c == 34 then
    return skip_string(s, i)
  end
  if c == 123 or c == 91 then
    local depth, j = 0, i
    while true do
      c = byte(s, j)
      if c == 34 then
        j = skip_string(s, j)
      else
        if c == 123 or c == 91 then
          depth = depth + 1
        elseif c == 125 or c == 93 then
          depth = depth - 1
          if depth == 0 then
            return j + 1
          end
        elseif c == nil then
          error("unterminated JSON value")
        end
        j = j + 1
      end
    end
  end
  local _, e = find(s, "^[^,}%]%s]+", i) -- number, true, false, null
  return e + 1
end

local function fields(s) -- a JSON object's top-level fields: name -> raw value text
  local out = {}
  local i = skip_ws(s, 1) + 1
  while true do
    i = skip_ws(s, i)
    local c = byte(s, i)
    if c == 125 or c == nil then
      return out
    end
    local key_end = skip_string(s, i)
    local key = sub(s, i + 1, key_end - 2)
    local value = skip_ws(s, skip_ws(s, key_end) + 1)
    local value_end = skip_value(s, value)
    out[key] = sub(s, value, value_end - 1)
    i = skip_ws(s, value_end)
    if byte(s, i) == 44 then
      i = i + 1
    end
  end
end

local function elements(raw) -- a JSON array's elements, as raw texts
  local out = {}
  local i = skip_ws(raw, 2)
  while byte(raw, i) ~= 93 do
    local e = skip_value(raw, i)
    out[#out + 1] = sub(raw, i, e - 1)
    i = skip_ws(raw, e)
    if byte(raw, i) == 44 then
      i = skip_ws(raw, i + 1)
    end
  end
  return out
end

local function text(raw) -- a JSON string without escapes (ids, tokens, seats)
  return sub(raw, 2, -2)
end

local function texts(raw)
  local out = {}
  for _, e in ipairs(elements(raw)) do
    out[#out + 1] = text(e)
  end
  return out
end

-- Per thread (wrk gives every thread its own Lua state).

local mode, ruleset = "play", "arkantis"
local step = "create"
local game, seats, tokens, claiming, to_act, seat, version, chosen
local started
local posting = false -- ceiling: the next request is the POST of the pair
legal_ms, command_ms = {}, {}
rejected, games, answers, unset = 0, 0, 0, 0

local JSON = { ["Content-Type"] = "application/json" }

local interval, due = nil, nil -- `-- RULESET PACE`: this thread's ms between moves

function init(args)
  if args[1] == "ceiling" then
    mode = "ceiling"
  elseif args[1] then
    ruleset = args[1]
  end
  if args[2] then
    interval = 1000 / tonumber(args[2])
  end
  math.randomseed((number or 0) * 7919 + 17) -- `number`: set by setup
end

function request()
  started = now_ms()
  if mode == "ceiling" then
    if not posting then
      return wrk.format("GET", "/hello")
    end
    return wrk.format(
      "POST",
      "/hello",
      JSON,
      '{"type":"arkantis.remove_two_tokens","cells":["r1c1","r2c3"]}'
    )
  end
  if step == "create" then
    return wrk.format("POST", "/games", JSON, '{"ruleset":"' .. ruleset .. '"}')
  elseif step == "claim" then
    local name = seats[claiming]
    return wrk.format(
      "POST",
      "/games/" .. game .. "/seats/" .. name,
      JSON,
      '{"player_name":"' .. name .. '"}'
    )
  elseif step == "summary" then
    return wrk.format("GET", "/games/" .. game)
  elseif step == "legal" then
    seat = to_act[math.random(#to_act)]
    return wrk.format(
      "GET",
      "/games/" .. game .. "/legal-commands",
      { Authorization = "Bearer " .. tokens[seat] }
    )
  end
  return wrk.format("POST", "/games/" .. game .. "/commands", {
    ["Content-Type"] = "application/json",
    Authorization = "Bearer " .. tokens[seat],
    ["If-Match"] = '"' .. version .. '"',
  }, chosen)
end

-- Paced (a second argument: moves per second per thread): a move starts at most
-- every `interval` ms; a thread that fell behind starts its next move at once, and
-- then keeps the pace from there (no burst to catch up).
function delay()
  if interval == nil or step ~= "legal" then
    return 0
  end
  local t = now_ms()
  if due == nil or due < t then
    due = t
  end
  local wait = due - t
  due = due + interval
  return wait
end

local function ceiling(body)
  fields(body) -- the same parsing work as a player's
  answers = answers + 1
  posting = not posting
end

function response(status, headers, body)
  local took = now_ms() - started
  if mode == "ceiling" then
    return ceiling(body)
  end
  if step == "create" then
    if status == 201 then
      local f = fields(body)
      game, seats, tokens, claiming = text(f.game_id), {}, {}, 1
      for _, s in ipairs(elements(f.seats)) do
        seats[#seats + 1] = text(fields(s).seat)
      end
      games = games + 1
      step = "claim"
    else -- a refused creation (a quota?): counted, the suite stops on it
      unset = unset + 1
    end
  elseif status >= 300 and step ~= "command" then -- a refused claim or read: start over
    unset = unset + 1
    step = "create"
  elseif step == "claim" then
    tokens[seats[claiming]] = text(fields(body).token)
    claiming = claiming + 1
    if claiming > #seats then
      step = "summary"
    end
  elseif step == "summary" then
    to_act = texts(fields(body).to_act)
    step = #to_act > 0 and "legal" or "create"
  elseif step == "legal" then
    legal_ms[#legal_ms + 1] = took
    local f = fields(body)
    local listed = elements(f.commands)
    if #listed == 0 then
      step = "create"
    else
      version, chosen = f.version, listed[math.random(#listed)]
      step = "command"
    end
  else
    command_ms[#command_ms + 1] = took
    if status ~= 201 then
      rejected = rejected + 1
      step = "summary"
    else
      local f = fields(body)
      to_act = text(f.status) == "active" and texts(f.to_act) or {}
      step = #to_act > 0 and "legal" or "create"
    end
  end
end

-- In wrk's main state: gather every thread's timings.

local threads = {}

function setup(thread)
  thread:set("number", #threads)
  threads[#threads + 1] = thread
end

local function numbers(list)
  local out = {}
  for i, v in ipairs(list) do
    out[i] = string.format("%.3f", v)
  end
  return "[" .. table.concat(out, ",") .. "]"
end

function done(summary, latency, requests)
  local legal, command = {}, {}
  local refused, played, answered, unsettled = 0, 0, 0, 0
  for _, thread in ipairs(threads) do
    for _, v in ipairs(thread:get("legal_ms")) do
      legal[#legal + 1] = v
    end
    for _, v in ipairs(thread:get("command_ms")) do
      command[#command + 1] = v
    end
    refused = refused + thread:get("rejected")
    played = played + thread:get("games")
    answered = answered + thread:get("answers")
    unsettled = unsettled + thread:get("unset")
  end
  io.write(
    "PLATEAU-PLAY {",
    '"legal_ms":', numbers(legal), ',"command_ms":', numbers(command),
    ',"rejected":', refused, ',"games":', played, ',"answers":', answered, ',"setup_refused":', unsettled,
    ',"errors":', summary.errors.status + summary.errors.connect + summary.errors.read
      + summary.errors.write + summary.errors.timeout,
    "}\n"
  )
end
