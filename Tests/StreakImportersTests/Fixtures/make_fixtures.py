#!/usr/bin/env python3
"""Writes the importer fixtures: each tool's files as its own code writes them
(docs/IMPORT_FORMATS.md). Run from this folder; the output is committed, so tests need no Python.
The binary ones (Loop's zip and backups) are written deterministically: fixed zip dates, no journal."""
import json, os, sqlite3, zipfile

def write(path, text):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w", newline="") as f:
        f.write(text)

# harsh: habits with headings, every frequency form, an end date; a log with y/n/s, comments,
# amounts, a later line overriding an earlier one, CRLF on one line, and a habit not listed.
write("harsh/habits", """# harsh habits
! Health
Gym: 3/7
Walk: 1
Called Mom: 1w

! Tracking
Coffee: 0
Read twice in ten: 2/10
Old habit: 1: 2025-06-15
""")
write("harsh/log", """2025-06-10 : Old habit : y :  : 
2025-12-29 : Gym : y : legs : 1.5
2025-12-30 : Walk : s :  : 
2025-12-31 : Walk : n
2025-12-31 : Walk : y : late walk : 0\r
2026-01-01 : Coffee : y :  : 2
2026-01-02 : Coffee : y :  : 3
2026-01-02 : Gym : y :  : 
2026-01-03 : Gym : y :  : 
2026-01-05 : Read twice in ten : y :  : 
2026-01-06 : Walk : n : rain : 
2026-01-04 : Ghost : y :  : 
# a comment
2026-01-07 : Called Mom : y : Sunday call : 
""")

# dijo: Bit (true, false), Count with a goal and without, Float, and an auto habit.
write("dijo/habit_record.json", json.dumps([
    {"type": "Bit", "name": "read", "stats": {"2026-01-01": True, "2026-01-02": False, "2026-01-03": True}, "goal": True, "auto": False},
    {"type": "Count", "name": "pushups", "stats": {"2026-01-01": 30, "2026-01-02": 10, "2026-01-03": 0}, "goal": 25, "auto": False},
    {"type": "Count", "name": "tea", "stats": {"2026-01-02": 2}, "goal": 0, "auto": False},
    {"type": "Float", "name": "run km", "stats": {"2026-01-01": {"value": 52, "precision": 1}, "2026-01-04": {"value": 125, "precision": 2}},
     "goal": {"value": 50, "precision": 1}, "precision": 1, "auto": False},
], indent=2))
write("dijo/habit_record[auto].json", json.dumps([
    {"type": "Count", "name": "commits", "stats": {"2026-01-05": 4}, "goal": 1, "auto": True},
], indent=2))

# Loop 2.3.1 CSV export: YES_NO 3/7, NUMERICAL at least per day with a unit, at most per day,
# a monthly one, an archived habit, words and numbers, notes with quotes and commas.
habits_231 = """Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?
001,Stretch,YES_NO,Did you stretch?,,3,7,#388E3C,,,,false
002,Water,NUMERICAL,How many litres?,,1,1,#039BE5,L,AT_LEAST,2.0,false
003,Coffee,NUMERICAL,How many cups?,,1,1,#6D4C41,cups,AT_MOST,2.0,false
004,Call family,YES_NO,,,2,30,#8E24AA,,,,false
005,Piano,YES_NO,,"Scales, then a piece",1,1,#F4511E,,,,true
"""
checkmarks_231 = {
    "001 Stretch/Checkmarks.csv": "Date,Value,Notes\n2026-01-06,YES_MANUAL,\n2026-01-05,YES_AUTO,\n2026-01-04,SKIP,travel\n2026-01-03,YES_MANUAL,\"Forgot, then did it\"\n2026-01-02,NO,\n2026-01-01,YES_MANUAL,\"\"\"New year\"\"\"\n",
    "002 Water/Checkmarks.csv": "Date,Value,Notes\n2026-01-03,2500,\n2026-01-02,1750,\n2026-01-01,SKIP,sick\n",
    "003 Coffee/Checkmarks.csv": "Date,Value,Notes\n2026-01-03,NO,\n2026-01-02,3000,too many\n2026-01-01,1000,\n",
    "004 Call family/Checkmarks.csv": "Date,Value,Notes\n2026-01-04,YES_MANUAL,\n2025-12-20,YES_MANUAL,\n",
    "005 Piano/Checkmarks.csv": "Date,Value,Notes\n2025-11-02,YES_MANUAL,\n2025-11-01,YES_MANUAL,\n",
}

def fixed_zip(path, files):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, text in files:
            info = zipfile.ZipInfo(name, date_time=(2026, 1, 7, 12, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, text)

fixed_zip("loop/Loop Habits CSV 2026-01-07.zip",
          [("Habits.csv", habits_231), ("Checkmarks.csv", "Date,Stretch,Water,Coffee,Call family,Piano,\n")]
          + sorted(checkmarks_231.items()))
for name, text in checkmarks_231.items():
    write("loop/unpacked-2.3.1/" + name, text)
write("loop/unpacked-2.3.1/Habits.csv", habits_231)

# Loop 2.2 (before 2.3.1): the older Habits.csv header, checkmarks without a header, values as numbers.
write("loop/unpacked-2.2/Habits.csv", "Position,Name,Question,Description,NumRepetitions,Interval,Color\n001,Meditate,Did you meditate?,,1,1,#00897B\n002,Gym,,,2,7,#E53935\n003,Run,,,1,1,#E53935\n")
write("loop/unpacked-2.2/003 Run/Checkmarks.csv", "2026-01-02,5200\n2026-01-01,0\n")
write("loop/unpacked-2.2/001 Meditate/Checkmarks.csv", "2026-01-03,2\n2026-01-02,1\n2026-01-01,2\n")
write("loop/unpacked-2.2/002 Gym/Checkmarks.csv", "2026-01-02,2\n2025-12-30,3\n")

# Loop backups: schema 25 (notes, uuid, question) and 19 (no question, uuid or notes yet).
def backup(path, version):
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode = DELETE")
    question = ", question text" if version >= 23 else ""
    uuid = ", uuid text" if version >= 24 else ""
    db.execute(f"CREATE TABLE Habits (id integer primary key autoincrement, archived integer, color integer, description text, freq_den integer, freq_num integer, highlight integer, name text, position integer, reminder_hour integer, reminder_min integer, reminder_days integer not null default 127, type integer not null default 0, target_type integer not null default 0, target_value real not null default 0, unit text not null default ''{question}{uuid})")
    notes = ", notes text" if version >= 25 else ""
    db.execute(f"CREATE TABLE Repetitions (id integer primary key autoincrement, habit integer not null references Habits(id), timestamp integer not null, value integer not null{notes})")
    def habit(id, name, num, den, position, archived=0, type=0, target_type=0, target_value=0.0, unit=""):
        columns = "id, archived, color, description, freq_den, freq_num, highlight, name, position, type, target_type, target_value, unit"
        values = [id, archived, 3, "", den, num, 0, name, position, type, target_type, target_value, unit]
        if version >= 23:
            columns += ", question"; values.append("")
        if version >= 24:
            columns += ", uuid"; values.append("%032x" % id)
        db.execute(f"INSERT INTO Habits ({columns}) VALUES ({', '.join('?' * len(values))})", values)
    def rep(habit, day, value, note=None):
        import datetime
        stamp = int(datetime.datetime(*day, tzinfo=datetime.timezone.utc).timestamp() * 1000)
        if version >= 25:
            db.execute("INSERT INTO Repetitions (habit, timestamp, value, notes) VALUES (?, ?, ?, ?)", (habit, stamp, value, note))
        else:
            db.execute("INSERT INTO Repetitions (habit, timestamp, value) VALUES (?, ?, ?)", (habit, stamp, value))
    habit(1, "Floss", 1, 1, 1)
    habit(2, "Pages", 1, 7, 0, type=1, target_value=100.0, unit="pages")
    habit(3, "Sweets", 1, 1, 2, type=1, target_type=1, target_value=1.0)
    habit(4, "Every other day", 1, 2, 3, archived=1)
    rep(1, (2026, 1, 1), 2, "after breakfast")
    rep(1, (2026, 1, 2), 3)
    rep(1, (2026, 1, 3), 1, "only a note")
    rep(1, (2026, 1, 4), 0)
    rep(2, (2026, 1, 1), 40000)
    rep(2, (2026, 1, 2), 65500)
    rep(3, (2026, 1, 1), 0)
    rep(3, (2026, 1, 2), 2000)
    rep(4, (2025, 12, 28), 2)
    rep(4, (2025, 12, 30), 2)
    db.execute(f"PRAGMA user_version = {version}")
    db.commit()
    db.execute("VACUUM")
    db.close()

backup("loop/Loop Habits Backup 2026-01-07 120000.db", 25)
backup("loop/loop-v19.db", 19)

# Schema 12, Loop's oldest (as its own test backup from 2016 has it): columns in alphabetical
# order, every key named `Id` (not `id`), no value, notes, type or target yet, and the cache
# tables later versions dropped. Repetitions are ticks at 00:00 UTC of their day.
def backup_v12(path):
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    db.execute("PRAGMA journal_mode = DELETE")
    db.execute("CREATE TABLE android_metadata (locale TEXT)")
    db.execute("INSERT INTO android_metadata VALUES ('en_US')")
    db.execute("CREATE TABLE Habits (Id INTEGER PRIMARY KEY AUTOINCREMENT, archived INTEGER, color INTEGER, description TEXT, freq_den INTEGER, freq_num INTEGER, highlight INTEGER, name TEXT, position INTEGER, reminder_days INTEGER, reminder_hour INTEGER, reminder_min INTEGER)")
    db.execute("CREATE TABLE Repetitions (Id INTEGER PRIMARY KEY AUTOINCREMENT, habit INTEGER REFERENCES Habits(Id) ON DELETE NO ACTION ON UPDATE NO ACTION, timestamp INTEGER)")
    db.execute("CREATE TABLE Checkmarks (Id INTEGER PRIMARY KEY AUTOINCREMENT, habit INTEGER REFERENCES Habits(Id) ON DELETE NO ACTION ON UPDATE NO ACTION, timestamp INTEGER, value INTEGER)")
    db.execute("CREATE TABLE Score (Id INTEGER PRIMARY KEY AUTOINCREMENT, habit INTEGER REFERENCES Habits(Id) ON DELETE NO ACTION ON UPDATE NO ACTION, score INTEGER, timestamp INTEGER)")
    db.execute("CREATE TABLE Streak (Id INTEGER PRIMARY KEY AUTOINCREMENT, end INTEGER, habit INTEGER REFERENCES Habits(Id) ON DELETE NO ACTION ON UPDATE NO ACTION, length INTEGER, start INTEGER)")
    habits = [(15, 0, "Wake up early", 3, 7, 0), (16, 0, "Brush teeth", 1, 1, 1), (17, 0, "Sleep early", 1, 5, 2), (21, 1, "Vegan", 1, 1, 3), (22, 0, "Sport", 2, 7, 4)]
    for id, archived, name, num, den, position in habits:
        db.execute("INSERT INTO Habits (Id, archived, color, description, freq_den, freq_num, highlight, name, position, reminder_days, reminder_hour, reminder_min) VALUES (?, ?, -16742021, '', ?, ?, 0, ?, ?, 127, NULL, NULL)",
                   (id, archived, den, num, name, position))
    import datetime
    start = datetime.datetime(2016, 1, 1, tzinfo=datetime.timezone.utc)
    ticks = {15: range(0, 60, 2), 16: range(0, 60), 17: [3, 9], 21: range(10, 25), 22: range(0, 60, 3)}
    for id, days in ticks.items():
        for day in days:
            stamp = int((start + datetime.timedelta(days=day)).timestamp() * 1000)
            db.execute("INSERT INTO Repetitions (habit, timestamp) VALUES (?, ?)", (id, stamp))
    db.execute("PRAGMA user_version = 12")
    db.commit()
    db.execute("VACUUM")
    db.close()

backup_v12("loop/loop-v12.db")

# Beaver's export: a weekly target, a monthly one, a skipped day, notes, tags, an archived habit.
write("beaver/beaverhabits_2026_01_07.json", json.dumps({
    "user_email": "me@example.com", "exported_at": "2026-01-07 21:00:00",
    "habits": [
        {"name": "Gym", "id": "a1b2c3", "tags": ["Health", "Body"], "star": False, "status": "active",
         "period": {"period_type": "W", "period_count": 1, "target_count": 3},
         "records": [{"day": "2026-01-05", "done": True},
                     {"day": "2026-01-04", "done": True, "text": "sick\n\n#amber #skip"},
                     {"day": "2026-01-03", "done": False, "text": "no time"},
                     {"day": "2026-01-02", "done": True}]},
        {"name": "Journal", "id": "d4e5f6", "records": [{"day": "2026-01-01", "done": True}, {"day": "2026-01-02", "done": True, "text": "long one"}]},
        {"name": "Budget review", "id": "0a0b0c", "status": "active", "period": {"period_type": "M", "period_count": 1, "target_count": 2},
         "records": [{"day": "2026-01-03", "done": True}]},
        {"name": "Guitar", "id": "112233", "status": "archive", "records": [{"day": "2025-10-01", "done": True}]},
    ],
}, indent=2))

# Rule 12's shapes (issue 48): every N days, T in I days, months, and what still has no shape.
# harsh: N, Nw, T/I (T/7 among them), windows longer than 365 days.
write("harsh-windows/habits", """# harsh habits: windows
! Home
Plants: 3
Journal: 5/7
Stretch: 2w
Read: 3/10
! Rare
Call mum: 30
Passport: 400
Dentist: 2/400
""")
write("harsh-windows/log", """2026-01-01 : Plants : y :  : 
2026-01-04 : Plants : y :  : 
2026-01-07 : Plants : y : by the window : 
2026-01-01 : Journal : y :  : 
2026-01-02 : Journal : y :  : 
2026-01-03 : Journal : y :  : 
2026-01-04 : Journal : y :  : 
2026-01-05 : Journal : y :  : 
2025-12-28 : Stretch : y :  : 
2026-01-06 : Read : s : away : 
2026-01-07 : Read : y :  : 
2025-12-20 : Call mum : y :  : 
2025-06-01 : Passport : y :  : 
""")

# Loop 2.3.1 CSV (an unpacked folder): every X days, X in Y days, X times a month (X/30 and
# X/31), and measurable targets a month; YES_AUTO days as Loop computes them.
write("loop/unpacked-windows/Habits.csv", """Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?
001,Plants,YES_NO,,,1,3,#388E3C,,,,false
002,Journal,YES_NO,,,5,7,#388E3C,,,,false
003,Walk,YES_NO,,,1,7,#039BE5,,,,false
004,Call mum,YES_NO,,,1,30,#8E24AA,,,,false
005,Budget,YES_NO,,,2,31,#8E24AA,,,,false
006,Run,NUMERICAL,,,1,30,#E53935,km,AT_LEAST,100.0,false
007,Takeaway,NUMERICAL,,,1,30,#6D4C41,,AT_MOST,4.0,false
""")
checkmarks_windows = {
    "001 Plants/Checkmarks.csv": "Date,Value,Notes\n2026-01-09,YES_AUTO,\n2026-01-08,YES_AUTO,\n2026-01-07,YES_MANUAL,\n2026-01-06,YES_AUTO,\n2026-01-05,YES_AUTO,\n2026-01-04,YES_MANUAL,\n2026-01-03,YES_AUTO,\n2026-01-02,YES_AUTO,\n2026-01-01,YES_MANUAL,\n",
    "002 Journal/Checkmarks.csv": "Date,Value,Notes\n2026-01-05,YES_MANUAL,\n2026-01-04,YES_MANUAL,\n2026-01-03,YES_MANUAL,\n2026-01-02,YES_MANUAL,\n2026-01-01,YES_MANUAL,\n",
    "003 Walk/Checkmarks.csv": "Date,Value,Notes\n2026-01-06,YES_MANUAL,\n",
    "004 Call mum/Checkmarks.csv": "Date,Value,Notes\n2026-01-05,YES_MANUAL,\n2025-12-20,YES_MANUAL,Sunday call\n",
    "005 Budget/Checkmarks.csv": "Date,Value,Notes\n2026-01-03,YES_MANUAL,\n",
    "006 Run/Checkmarks.csv": "Date,Value,Notes\n2026-01-05,8500,\n2026-01-02,12000,\n",
    "007 Takeaway/Checkmarks.csv": "Date,Value,Notes\n2026-01-06,2000,\n2026-01-03,1000,\n",
}
for name, text in checkmarks_windows.items():
    write("loop/unpacked-windows/" + name, text)

# Beaver: D periods (from the day ticked), a calendar month, and periods with no shape.
write("beaver/windows.json", json.dumps({
    "user_email": "me@example.com", "exported_at": "2026-01-07 21:00:00",
    "habits": [
        {"name": "Plants", "id": "aa0001", "period": {"period_type": "D", "period_count": 3, "target_count": 1},
         "records": [{"day": "2026-01-01", "done": True}, {"day": "2026-01-04", "done": True}, {"day": "2026-01-07", "done": True}]},
        {"name": "Yoga", "id": "aa0002", "period": {"period_type": "D", "period_count": 7, "target_count": 3},
         "records": [{"day": "2026-01-02", "done": True}, {"day": "2026-01-04", "done": True}, {"day": "2026-01-06", "done": True}]},
        {"name": "Call mum", "id": "aa0003", "period": {"period_type": "M", "period_count": 1, "target_count": 1},
         "records": [{"day": "2026-01-05", "done": True}]},
        {"name": "Clean the car", "id": "aa0004", "period": {"period_type": "W", "period_count": 2, "target_count": 1},
         "records": [{"day": "2026-01-03", "done": True}]},
        {"name": "Passport", "id": "aa0005", "period": {"period_type": "Y", "period_count": 1, "target_count": 1},
         "records": [{"day": "2025-06-01", "done": True}]},
    ],
}, indent=2))
