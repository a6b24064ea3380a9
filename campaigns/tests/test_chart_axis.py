"""The skill chart's dates stay readable on a phone (issue #33, item 11: 15 overlapping dates)."""

from __future__ import annotations

import datetime
import re

from campaigns.charts import rating_over_time


def test_fifteen_rated_plays_show_a_few_dates_on_the_axis() -> None:
    start = datetime.datetime(2026, 11, 1, 20, 0, tzinfo=datetime.UTC)
    steps = {"grimwood": [(start + datetime.timedelta(days=i), 10.0 + i) for i in range(15)]}
    svg = str(rating_over_time(steps))
    axis = re.search(r'<g class="axis x[^"]*">(.*?)</g></g>', svg, re.S)
    assert axis is not None
    dates = re.findall(r"<text[^>]*>([^<]*)</text>", axis.group(1))
    assert 2 <= len(dates) <= 5, dates
    assert dates[0].endswith("Nov 26")
