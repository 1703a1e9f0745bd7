(() => {
  const lang = document.documentElement.lang || undefined;
  try {
    const clock = new Intl.DateTimeFormat(lang, {hour: "2-digit", minute: "2-digit", hourCycle: "h23"});
    for (const t of document.querySelectorAll(".entry>time[datetime]")) {
      const d = new Date(t.dateTime);
      if (!isNaN(d)) t.textContent = clock.format(d);
    }
    const when = document.querySelector(".when");
    const start = new Date(when.dataset.start), end = new Date(when.dataset.end || NaN);
    const date = new Intl.DateTimeFormat(lang, {dateStyle: "long", timeStyle: "short"});
    if (!isNaN(start)) when.textContent = isNaN(end) ? date.format(start) : date.formatRange(start, end);
  } catch (e) {
    // An unknown language tag: keep the times in UTC as written.
  }
})();
