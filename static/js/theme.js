// The colour theme a device chose, set before the page is drawn (no flash of the other theme).
try { var theme = localStorage.getItem("theme"); if (theme) document.documentElement.setAttribute("data-theme", theme); } catch (e) {}
