#!/usr/bin/env python3
"""Helpers for the fault-injection script: a store's state, and checks on it.

  store_state.py state BIN STORE NOW        prints the state of user tester's streaks as JSON
  store_state.py effect NAME BEFORE AFTER   exit 0 when AFTER is BEFORE with NAME's effect, once
  store_state.py same BEFORE AFTER          exit 0 when the states are equal
  store_state.py whole BIN STORE NOW        prints everything the user's streaks hold (every streak as
                                            `export --all` writes it, the trash, and the state above)
  store_state.py points BIN STORE NOW       prints the points of all time, after `points` settled them
  store_state.py serve REQUESTS ANSWERS     answers the commands above through two FIFOs (see serve)
"""
import json
import subprocess
import sys

FIELDS = ["total_events", "current_streak", "longest_streak", "events_required_per_day",
          "freezes_available_count", "freezes_needed_to_save_streak", "today_event_count", "archived", "schedule"]


def state(binary, store, now):
    result = subprocess.run([binary, "list", "--all", "--json", "--store", store, "--now", now, "--user", "tester"],
                            capture_output=True, text=True, timeout=60)
    if result.returncode != 0:
        return {"error": result.stderr.strip()}
    try:
        items = json.loads(result.stdout)
    except json.JSONDecodeError:
        items = [json.loads(line) for line in result.stdout.splitlines() if line.strip()]
    if isinstance(items, dict):
        items = [items]
    streaks = {item["streak_id"]: {field: item.get(field) for field in FIELDS} for item in items}
    # The trash: the keys it holds, each with its events ("~trash" is no streak key).
    trash = subprocess.run([binary, "trash", "list", "--json", "--store", store, "--now", now, "--user", "tester"],
                           capture_output=True, text=True, timeout=60)
    if trash.returncode != 0:
        return {"error": trash.stderr.strip()}
    streaks["~trash"] = sorted([item["streak_key"], item["event_count"]] for item in json.loads(trash.stdout))
    return streaks


def run(binary, store, now, *arguments):
    result = subprocess.run([binary, *arguments, "--store", store, "--now", now, "--user", "tester"],
                            capture_output=True, text=True, timeout=60)
    return result.stdout if result.returncode == 0 else "error: " + result.stderr.strip()


def ledgers(store):
    """What the user's experience ledgers (but the streaks' own earnings, settled after a
    change and checked apart), progress ledgers and points settings hold, folded."""
    import glob
    import os
    user = os.path.join(store, "users", "tester")
    folded = {}
    for path in sorted(glob.glob(os.path.join(user, "experience", "*.jsonl")) + glob.glob(os.path.join(user, "progress", "*.jsonl"))):
        name = os.path.relpath(path, user)
        if name == os.path.join("experience", "streaks.jsonl"):
            continue
        events, items = [], {}
        for line in open(path):
            if not line.endswith("\n"):
                break
            record = json.loads(line)
            kind = record["kind"]
            if kind == "earned":
                events.append([record["event"]["id"], record["event"]["points"]])
            elif kind == "cleared":
                events = []
            elif kind == "progress":
                item = record["item"]
                if item["id"] not in items or items[item["id"]] <= item["value"]:
                    items[item["id"]] = item["value"]
            elif kind == "deleted":
                if record.get("id") is None:
                    items = {}
                else:
                    items.pop(record["id"], None)
        folded[name] = events if name.startswith("experience") else items
    settings = os.path.join(user, "points.json")
    if os.path.exists(settings):
        folded["points.json"] = json.load(open(settings))
    return folded


def whole(binary, store, now):
    """Every line of every streak, the trash, the derived status and the points beside them:
    two stores that print the same hold the same."""
    return {"export": run(binary, store, now, "export", "--all"), "state": state(binary, store, now), "ledgers": ledgers(store)}


def points(binary, store, now):
    text = run(binary, store, now, "points", "--json")
    return json.loads(text)["points"]["all_time"] if not text.startswith("error") else text


def changed(before, after, key, field, delta):
    return after[key][field] == before[key][field] + delta


def effect(name, before, after):
    """True when `after` is `before` with the named command's effect applied exactly once."""
    if "error" in before or "error" in after:
        return False
    checks = {
        "log": lambda: changed(before, after, "daily", "total_events", 1),
        "backfill": lambda: changed(before, after, "daily", "total_events", 1),
        "undo": lambda: changed(before, after, "daily", "total_events", -1),
        "import": lambda: changed(before, after, "daily", "total_events", 3),
        "config": lambda: after["daily"]["events_required_per_day"] == 2,
        "config-both": lambda: after["daily"]["events_required_per_day"] == 2 and after["daily"]["schedule"] == "mon,tue,wed,thu,fri",
        "freeze-add": lambda: changed(before, after, "daily", "freezes_available_count", 2),
        "freeze-use": lambda: after["daily"]["freezes_available_count"]
        == before["daily"]["freezes_available_count"] - before["daily"]["freezes_needed_to_save_streak"]
        and after["daily"]["freezes_needed_to_save_streak"] == 0,
        "create": lambda: "extra" in after and "extra" not in before,
        "reset": lambda: after["reading"]["total_events"] == 0,
        "import-new": lambda: "imported" in after and after["imported"]["total_events"] == 3,
        "archive": lambda: after["reading"] == dict(before["reading"], archived=True),
        "unarchive": lambda: after["old"] == dict(before["old"], archived=False),
        "rename": lambda: "reading" not in after and after.get("books") == before["reading"],
        "freeze-remove": lambda: changed(before, after, "daily", "freezes_available_count", -1),
        "skip-add": lambda: after["daily"]["freezes_needed_to_save_streak"] == 0 and after["daily"]["current_streak"] == 10,
        "skip-remove": lambda: changed(before, after, "daily", "freezes_needed_to_save_streak", 1),
        "delete": lambda: "reading" not in after
        and after["~trash"] == sorted(before["~trash"] + [["reading", before["reading"]["total_events"]]]),
        "import-whole": lambda: "w1" in after and after["w1"]["total_events"] == 2 and "w2" in after
        and after["w2"]["total_events"] == 1 and after["w2"]["archived"] is True and after["w2"]["schedule"] == "mon,tue,wed,thu,fri",
        "restore": lambda: "gone" in after and [["gone", after["gone"]["total_events"]]] == [e for e in before["~trash"] if e[0] == "gone"]
        and all(e[0] != "gone" for e in after["~trash"]),
    }
    try:
        if not checks[name]():
            return False
    except KeyError:
        return False
    # Nothing else changed.
    touched = {"create": {"extra"}, "reset": {"reading"}, "import-new": {"imported"}, "archive": {"reading"},
               "unarchive": {"old"}, "rename": {"reading", "books"}, "delete": {"reading", "~trash"},
               "restore": {"gone", "~trash"}, "import-whole": {"w1", "w2"}}.get(name, {"daily"})
    return all(after.get(key) == value for key, value in before.items() if key not in touched) \
        and set(after) - set(before) <= touched


def answer(args):
    """One command's exit code and output."""
    command = args[0]
    if command == "state":
        return 0, json.dumps(state(args[1], args[2], args[3]), sort_keys=True) + "\n"
    if command == "effect":
        return (0 if effect(args[1], json.loads(args[2]), json.loads(args[3])) else 1), ""
    if command == "whole":
        return 0, json.dumps(whole(args[1], args[2], args[3]), sort_keys=True) + "\n"
    if command == "points":
        return 0, str(points(args[1], args[2], args[3])) + "\n"
    if command == "same":
        return (0 if json.loads(args[1]) == json.loads(args[2]) else 1), ""
    return 2, "unknown command " + command + "\n"


def serve(requests, answers):
    """Answers commands one after another through two FIFOs, so a script asking thousands of
    them starts Python once (a start costs 100 ms on a small machine). A request is its
    argument count, then each argument as its length in bytes, a newline, the bytes and a
    newline; an answer is the exit code, the output's length in bytes, and the output."""
    with open(requests, "rb") as inbox, open(answers, "wb") as outbox:
        while True:
            header = inbox.readline()
            if not header:
                return
            args = []
            for _ in range(int(header)):
                size = int(inbox.readline())
                args.append(inbox.read(size).decode())
                inbox.read(1)
            try:
                code, text = answer(args)
            except Exception as error:  # an answer always comes: the script must not hang
                code, text = 3, "store_state: %r\n" % (error,)
            data = text.encode()
            outbox.write(b"%d\n%d\n" % (code, len(data)) + data)
            outbox.flush()


def main():
    if sys.argv[1] == "serve":
        serve(sys.argv[2], sys.argv[3])
        return
    code, text = answer(sys.argv[1:])
    sys.stdout.write(text)
    sys.exit(code)


if __name__ == "__main__":
    main()
