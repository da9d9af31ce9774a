/**
 * The dashboard's only stylesheet and script, served from its own origin (`/assets/...`, CSP `'self'`): no CDN,
 * no inline code. The script is progressive: every page works without it.
 */
export const STYLESHEET = `
:root{color-scheme:light dark;--fg:#1b1b1f;--muted:#54545f;--bg:#f6f6f8;--card:#fff;--line:#c9c9d3;--accent:#1d4ed8;
--accent-fg:#fff;--error:#b00020;--ok:#116329;--warn:#8a4b00;--bar:#1d4ed8}
@media (prefers-color-scheme:dark){:root{--fg:#ececf1;--muted:#b4b4c0;--bg:#121216;--card:#1d1d23;--line:#4a4a55;
--accent:#8ab4ff;--accent-fg:#0b1020;--error:#ff8a80;--ok:#7ee2a0;--warn:#ffc266;--bar:#8ab4ff}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--accent)}
.skip{position:absolute;left:-999px}.skip:focus{left:1rem;top:1rem;background:var(--card);padding:.5rem;z-index:2}
header.top{display:flex;flex-wrap:wrap;align-items:center;gap:.5rem 1rem;padding:.6rem 1rem;background:var(--card);border-bottom:1px solid var(--line)}
header.top .product{font-weight:700;margin-right:auto}
nav.main{background:var(--card);border-bottom:1px solid var(--line)}
nav.main ul{display:flex;flex-wrap:wrap;gap:.25rem;list-style:none;margin:0;padding:0 .5rem}
nav.main a{display:block;padding:.7rem .6rem;text-decoration:none;color:var(--fg);white-space:nowrap;border-bottom:3px solid transparent}
nav.main a[aria-current=page]{border-bottom-color:var(--accent);font-weight:600}
nav.main .menu{display:none}
nav.main summary{cursor:pointer;padding:.6rem .75rem;font-weight:600;min-height:44px;display:flex;align-items:center;gap:.35rem}
nav.main .menu ul{flex-direction:column;gap:0;padding:0 .5rem .5rem}
nav.main .menu a{border-bottom:0;border-left:3px solid transparent;padding:.55rem .75rem}
nav.main .menu a[aria-current=page]{border-left-color:var(--accent)}
.js .no-script-only{display:none}
button.mode[aria-pressed=true]{background:var(--warn);border-color:var(--warn);color:var(--card)}
.test-banner{margin:0;padding:.35rem 1rem;background:var(--warn);color:var(--card);font-weight:600;text-align:center}
main{max-width:72rem;margin:0 auto;padding:1.25rem 1rem 3rem}
h1{font-size:1.5rem;margin:.25rem 0 1rem}h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
.card{background:var(--card);border:1px solid var(--line);border-radius:10px;padding:1rem 1.25rem;margin:0 0 1rem}
.narrow{max-width:26rem;margin:3rem auto}
label{display:block;margin:.6rem 0 .25rem;font-weight:600}
input,select,textarea{font:inherit;padding:.5rem .6rem;border:1px solid var(--line);border-radius:6px;background:var(--card);color:inherit;max-width:100%}
input[type=text],input[type=email],input[type=password],input[type=url],textarea{width:100%}
input[type=checkbox]{width:1.1rem;height:1.1rem;vertical-align:middle}
label.check{font-weight:400;display:inline-flex;gap:.4rem;align-items:center;margin-right:1rem}
button,.button{font:inherit;cursor:pointer;border-radius:6px;padding:.45rem .9rem;min-height:40px;border:1px solid var(--accent);
background:var(--accent);color:var(--accent-fg);font-weight:600;text-decoration:none;display:inline-block}
button.secondary,.button.secondary{background:transparent;color:var(--accent);border-color:var(--line)}
button.danger{background:transparent;color:var(--error);border-color:var(--error)}
:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
form.inline{display:inline}
.filters{display:flex;flex-wrap:wrap;gap:.5rem 1rem;align-items:flex-end}
.filters label{margin:0 0 .25rem}
.actions{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin-top:.75rem}
.table-wrap{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{text-align:left;padding:.45rem .6rem;border-bottom:1px solid var(--line);vertical-align:top}
th{font-weight:600;color:var(--muted)}
code,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,monospace;font-size:.9em;word-break:break-all}
.muted{color:var(--muted)}
.notice{border-left:4px solid var(--ok);padding:.5rem .8rem;background:var(--card);margin:0 0 1rem}
.error{border-left:4px solid var(--error);padding:.5rem .8rem;background:var(--card);margin:0 0 1rem;color:var(--error)}
.secret{border:2px dashed var(--warn);padding:.75rem;border-radius:8px;margin:.5rem 0 1rem}
.status{display:inline-block;padding:0 .5rem;border-radius:999px;border:1px solid currentColor;font-size:.85rem}
.status-active,.status-succeeded{color:var(--ok)}.status-unauthenticated,.status-pending{color:var(--warn)}
.status-disconnected,.status-failed,.status-revoked{color:var(--error)}
.grid{display:grid;gap:1rem;grid-template-columns:repeat(auto-fit,minmax(9rem,1fr))}
.stat{font-size:1.8rem;font-weight:700}
.retailer{display:flex;gap:.75rem;align-items:center}.retailer img{width:32px;height:32px}
.logo-dark{display:none}@media (prefers-color-scheme:dark){.logo-light{display:none}.logo-dark{display:inline}}
svg.chart{width:100%;height:auto;max-height:240px}svg.chart .bar{fill:var(--bar)}svg.chart text{fill:var(--muted);font-size:11px}
svg.chart line{stroke:var(--line)}svg.chart line.grid{stroke-dasharray:2 3}
.figures{grid-template-columns:repeat(auto-fit,minmax(9rem,1fr))}.figure{margin:0}.figure h3{margin:0;font-size:1rem;color:var(--muted)}
.figure-value{font-size:1.8rem;font-weight:700;margin:.1rem 0}.figure p{margin:.1rem 0}.previous{font-size:.9rem}
.delta{font-weight:600}.delta-up{color:var(--ok)}.delta-down{color:var(--error)}
ul.presets{display:flex;flex-wrap:wrap;gap:.5rem;list-style:none;margin:0;padding:0}
ul.presets a[aria-current]{background:var(--accent);color:var(--accent-fg);border-color:var(--accent)}
.table-export{margin:.5rem 0 0;font-size:.9rem}details.card summary{cursor:pointer;font-weight:600}
dl.facts{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:.25rem 1rem;margin:0}dl.facts dt{color:var(--muted)}
dl.facts dd{margin:0;min-width:0;overflow-wrap:anywhere}
td{overflow-wrap:anywhere}
pre{overflow-x:auto;max-width:100%;white-space:pre-wrap;overflow-wrap:anywhere}
@media (max-width:40rem){
main{padding:1rem .75rem}h1{font-size:1.3rem}.card{padding:.75rem}
header.top{padding:.4rem .75rem;gap:.4rem}header.top .user{display:none}header.top .product{font-size:.95rem}
header.top{font-size:.9rem}header.top button,header.top select{min-height:36px;padding:.2rem .5rem;font-size:.9rem}
header.top select{max-width:8.5rem}
header.top label.check{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);margin:0}header.top .team-name{max-width:9rem;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
nav.main .strip{display:none}nav.main .menu{display:block}
dl.facts{grid-template-columns:minmax(0,1fr)}dl.facts dd{margin-bottom:.35rem}
svg.chart text{font-size:20px}.figure-value{font-size:1.5rem}.figure{padding:.6rem .75rem}
.table-wrap table,.table-wrap tbody,.table-wrap tr,.table-wrap td,.table-wrap caption{display:block;width:100%}
.table-wrap thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
.table-wrap tr{border:1px solid var(--line);border-radius:8px;padding:.4rem .6rem;margin:0 0 .6rem}
.table-wrap td{display:grid;grid-template-columns:7rem minmax(0,1fr);gap:.5rem;border:0;padding:.2rem 0}
.table-wrap td::before{content:attr(data-label);color:var(--muted);font-weight:600}
.table-wrap td:empty{display:none}
}
`;

/**
 * Copy buttons (`data-copy` names the text to copy), confirmations (`data-confirm` on a form), a file read into a
 * text field (`data-file-into`: the catalog's CSV).
 */
export const SCRIPT = `
document.documentElement.classList.add('js');
document.addEventListener('click', function (event) {
  var button = event.target.closest('[data-copy]');
  if (!button) return;
  var source = document.getElementById(button.getAttribute('data-copy'));
  if (!source || !navigator.clipboard) return;
  navigator.clipboard.writeText(source.textContent.trim()).then(function () {
    button.textContent = 'Copied';
  });
});
document.addEventListener('submit', function (event) {
  var message = event.target.getAttribute('data-confirm');
  if (message && !window.confirm(message)) event.preventDefault();
});
document.querySelectorAll('input[data-file-into]').forEach(function (input) {
  input.addEventListener('change', function () {
    var target = document.getElementById(input.getAttribute('data-file-into'));
    if (target && input.files && input.files[0]) input.files[0].text().then(function (text) { target.value = text; });
  });
});
document.querySelectorAll('select[data-autosubmit]').forEach(function (select) {
  select.addEventListener('change', function () { select.form.requestSubmit(); });
});
`;

export const ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#1d4ed8"/>' +
  '<path d="M4 9l3 3 5-7" stroke="#fff" stroke-width="2" fill="none"/></svg>';
