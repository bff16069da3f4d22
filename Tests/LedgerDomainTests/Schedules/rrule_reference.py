#!/usr/bin/env python3
"""The reference answers for RecurrenceReferenceTests: recurrence rules evaluated by
dateutil.rrule, an implementation independent of ours.

Usage: rrule_reference.py RULES.jsonl

Each input line is a JSON object: id, unit (day/week/month/year), interval, dayOfMonth,
weekdayOrdinal, weekday (ISO, 1 = Monday), start, endDate, count (null when absent), through
(the last nominal date to list) and limit (the most dates to list). Each output line is
`id<TAB>dates<TAB>last`: the nominal dates from the start through `through` (at most `limit`),
comma-separated, and, for a rule with an end date or a count, its last date (`-` for none,
`?` for a rule without an end).

The rules map onto dateutil as follows: a day of the month d > 28 is clamped to shorter months
as bymonthday=28..d with bysetpos=-1 (the last of those that exist); 0, the last day, is
bymonthday=-1; a weekday of the month is byweekday=TU(+2) and the like; a yearly rule is in the
start's month (bymonth). Dates before dtstart are dropped by dateutil, and count counts from
the first date on or after it, which is the Swift type's "first nominal date on or after the
start".
"""
import json
import sys
from datetime import datetime

try:
    from dateutil import rrule
except ImportError:
    sys.stderr.write(
        "python3 cannot import dateutil: install python3-dateutil (Tools/setup.sh does)\n")
    sys.exit(3)

FREQUENCIES = {"day": rrule.DAILY, "week": rrule.WEEKLY, "month": rrule.MONTHLY, "year": rrule.YEARLY}
WEEKDAYS = [rrule.MO, rrule.TU, rrule.WE, rrule.TH, rrule.FR, rrule.SA, rrule.SU]


def parse(text):
    return datetime.strptime(text, "%Y-%m-%d")


def make_rule(case):
    start = parse(case["start"])
    options = {"dtstart": start, "interval": case["interval"]}
    if case["unit"] in ("month", "year"):
        if case["unit"] == "year":
            options["bymonth"] = start.month
        if case.get("weekdayOrdinal") is not None:
            options["byweekday"] = WEEKDAYS[case["weekday"] - 1](case["weekdayOrdinal"])
        else:
            day = case["dayOfMonth"] if case.get("dayOfMonth") is not None else start.day
            if day == 0:
                options["bymonthday"] = -1
            elif day <= 28:
                options["bymonthday"] = day
            else:
                options["bymonthday"] = list(range(28, day + 1))
                options["bysetpos"] = -1
    if case.get("count") is not None:
        options["count"] = case["count"]
    if case.get("endDate") is not None:
        options["until"] = parse(case["endDate"])
    return rrule.rrule(FREQUENCIES[case["unit"]], **options)


def main():
    with open(sys.argv[1], encoding="utf-8") as lines:
        for line in lines:
            if not line.strip():
                continue
            case = json.loads(line)
            rule = make_rule(case)
            through = parse(case["through"])
            dates = []
            for date in rule:
                if date > through or len(dates) == case["limit"]:
                    break
                dates.append(date.strftime("%Y-%m-%d"))
            if case.get("count") is None and case.get("endDate") is None:
                last = "?"
            else:
                every = list(rule)
                last = every[-1].strftime("%Y-%m-%d") if every else "-"
            print("%s\t%s\t%s" % (case["id"], ",".join(dates), last))


if __name__ == "__main__":
    main()
