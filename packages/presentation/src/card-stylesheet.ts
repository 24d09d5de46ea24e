/**
 * The stylesheet of {@link renderCardHtml}'s cards: every rule is scoped to `.tp-card`, colours
 * are custom properties (`--tp-*`) a page can override, and a dark scheme follows
 * `prefers-color-scheme`. Put it in a `<style>` element or serve it as a file (the package ships
 * it as `@toolpipe/presentation/cards.css` too); `renderCardHtml(view, { stylesheet: true })`
 * puts it before the card. It holds no `url()`, `@import` or font: nothing is fetched.
 */
export const cardStylesheet = `.tp-card {
  --tp-fg: #1f2328; --tp-muted: #656d76; --tp-bg: #ffffff; --tp-border: #d0d7de;
  --tp-header-bg: #f6f8fa; --tp-accent: #0969da; --tp-ok: #1a7f37; --tp-fail: #cf222e;
  --tp-add-bg: #dafbe1; --tp-add-fg: #116329; --tp-del-bg: #ffebe9; --tp-del-fg: #82071e;
  --tp-hunk-bg: #ddf4ff; --tp-term-bg: #0d1117; --tp-term-fg: #e6edf3;
  --tp-c0: #484f58; --tp-c1: #ff7b72; --tp-c2: #3fb950; --tp-c3: #d29922; --tp-c4: #58a6ff;
  --tp-c5: #bc8cff; --tp-c6: #39c5cf; --tp-c7: #b1bac4; --tp-c8: #6e7681; --tp-c9: #ffa198;
  --tp-c10: #56d364; --tp-c11: #e3b341; --tp-c12: #79c0ff; --tp-c13: #d2a8ff; --tp-c14: #56d4dd;
  --tp-c15: #ffffff;
  box-sizing: border-box; margin: 0 0 12px; border: 1px solid var(--tp-border); border-radius: 8px;
  background: var(--tp-bg); color: var(--tp-fg); overflow: hidden;
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif;
}
@media (prefers-color-scheme: dark) {
  .tp-card {
    --tp-fg: #e6edf3; --tp-muted: #8d96a0; --tp-bg: #0d1117; --tp-border: #30363d;
    --tp-header-bg: #161b22; --tp-accent: #4493f8; --tp-ok: #3fb950; --tp-fail: #f85149;
    --tp-add-bg: rgba(46, 160, 67, 0.18); --tp-add-fg: #aff5b4; --tp-del-bg: rgba(248, 81, 73, 0.18);
    --tp-del-fg: #ffdcd7; --tp-hunk-bg: rgba(56, 139, 253, 0.12); --tp-term-bg: #010409;
  }
}
.tp-card *, .tp-card *::before, .tp-card *::after { box-sizing: inherit; }
.tp-card-header {
  display: flex; flex-wrap: wrap; align-items: baseline; gap: 4px 8px; padding: 8px 12px;
  background: var(--tp-header-bg); border-bottom: 1px solid var(--tp-border);
}
.tp-card-header:last-child { border-bottom: 0; }
.tp-title { font-weight: 600; overflow-wrap: anywhere; }
.tp-prompt { color: var(--tp-muted); margin-right: 4px; user-select: none; }
.tp-tool, .tp-kind { color: var(--tp-muted); font-size: 12px; }
.tp-badge {
  display: inline-block; padding: 0 7px; border-radius: 999px; font-size: 12px; font-weight: 500;
  border: 1px solid var(--tp-border); color: var(--tp-muted); white-space: nowrap;
}
.tp-pending .tp-status { color: var(--tp-accent); border-color: var(--tp-accent); }
.tp-done .tp-status, .tp-badge-ok { color: var(--tp-ok); border-color: var(--tp-ok); }
.tp-failed .tp-status, .tp-badge-fail { color: var(--tp-fail); border-color: var(--tp-fail); }
.tp-failed { border-color: var(--tp-fail); }
.tp-card-body { padding: 8px 12px; display: flex; flex-direction: column; gap: 8px; }
.tp-card-body:empty { display: none; }
.tp-card pre, .tp-card code, .tp-diff-table {
  font: 12.5px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
}
.tp-card pre { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.tp-text, .tp-json { padding: 6px 8px; border-radius: 6px; background: var(--tp-header-bg); }
.tp-reasoning { font-style: italic; color: var(--tp-muted); }
.tp-description { margin: 0; }
.tp-cwd, .tp-note, .tp-locations { margin: 0; color: var(--tp-muted); font-size: 12px; }
.tp-locations { padding: 0; list-style: none; display: flex; flex-wrap: wrap; gap: 4px 12px; }
.tp-label {
  font-size: 11px; font-weight: 600; text-transform: uppercase; letter-spacing: 0.04em;
  color: var(--tp-muted);
}
.tp-block { display: flex; flex-direction: column; gap: 4px; }
.tp-image, .tp-other {
  display: block; padding: 10px; border: 1px dashed var(--tp-border); border-radius: 6px;
  color: var(--tp-muted);
}
.tp-tool-result { padding-left: 10px; border-left: 3px solid var(--tp-border); }
.tp-link { color: var(--tp-accent); text-decoration: underline; }
.tp-ctl {
  display: inline-block; padding: 0 2px; margin: 0 1px; border-radius: 3px; font-size: 0.85em;
  background: var(--tp-del-bg); color: var(--tp-del-fg); outline: 1px solid var(--tp-fail);
}
.tp-terminal {
  padding: 8px 10px; border-radius: 6px; background: var(--tp-term-bg); color: var(--tp-term-fg);
  max-height: 480px; overflow: auto;
}
.tp-terminal .tp-link { color: var(--tp-c12); }
.tp-bold { font-weight: 700; } .tp-dim { opacity: 0.7; } .tp-italic { font-style: italic; }
.tp-underline { text-decoration: underline; } .tp-strike { text-decoration: line-through; }
.tp-underline.tp-strike { text-decoration: underline line-through; }
.tp-fg-0 { color: var(--tp-c0); } .tp-fg-1 { color: var(--tp-c1); } .tp-fg-2 { color: var(--tp-c2); }
.tp-fg-3 { color: var(--tp-c3); } .tp-fg-4 { color: var(--tp-c4); } .tp-fg-5 { color: var(--tp-c5); }
.tp-fg-6 { color: var(--tp-c6); } .tp-fg-7 { color: var(--tp-c7); } .tp-fg-8 { color: var(--tp-c8); }
.tp-fg-9 { color: var(--tp-c9); } .tp-fg-10 { color: var(--tp-c10); } .tp-fg-11 { color: var(--tp-c11); }
.tp-fg-12 { color: var(--tp-c12); } .tp-fg-13 { color: var(--tp-c13); } .tp-fg-14 { color: var(--tp-c14); }
.tp-fg-15 { color: var(--tp-c15); } .tp-fg-inverse { color: var(--tp-term-bg); }
.tp-bg-0 { background: var(--tp-c0); } .tp-bg-1 { background: var(--tp-c1); } .tp-bg-2 { background: var(--tp-c2); }
.tp-bg-3 { background: var(--tp-c3); } .tp-bg-4 { background: var(--tp-c4); } .tp-bg-5 { background: var(--tp-c5); }
.tp-bg-6 { background: var(--tp-c6); } .tp-bg-7 { background: var(--tp-c7); } .tp-bg-8 { background: var(--tp-c8); }
.tp-bg-9 { background: var(--tp-c9); } .tp-bg-10 { background: var(--tp-c10); } .tp-bg-11 { background: var(--tp-c11); }
.tp-bg-12 { background: var(--tp-c12); } .tp-bg-13 { background: var(--tp-c13); } .tp-bg-14 { background: var(--tp-c14); }
.tp-bg-15 { background: var(--tp-c15); } .tp-bg-inverse { background: var(--tp-term-fg); }
.tp-diff { border: 1px solid var(--tp-border); border-radius: 6px; overflow: hidden; }
.tp-diff-path {
  padding: 6px 10px; background: var(--tp-header-bg); border-bottom: 1px solid var(--tp-border);
  font: 600 12.5px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; overflow-wrap: anywhere;
}
.tp-badge-new { color: var(--tp-ok); border-color: var(--tp-ok); font-family: system-ui, sans-serif; }
.tp-diff > .tp-note { padding: 6px 10px; }
.tp-diff-table { width: 100%; border-collapse: collapse; }
.tp-diff-table td { padding: 0 8px; vertical-align: top; }
.tp-num {
  width: 1%; min-width: 3em; text-align: right; color: var(--tp-muted); user-select: none; white-space: nowrap;
}
.tp-diff-unified .tp-num + .tp-num { border-right: 1px solid var(--tp-border); }
.tp-sign { width: 1%; text-align: center; user-select: none; }
.tp-code { white-space: pre-wrap; overflow-wrap: anywhere; }
.tp-diff-split .tp-code { width: 50%; }
.tp-diff-split .tp-code:nth-child(3) { border-right: 1px solid var(--tp-border); }
.tp-hunk td, .tp-eof td { background: var(--tp-hunk-bg); color: var(--tp-muted); padding: 2px 10px; }
tr.tp-add, td.tp-add { background: var(--tp-add-bg); color: var(--tp-add-fg); }
tr.tp-del, td.tp-del { background: var(--tp-del-bg); color: var(--tp-del-fg); }
td.tp-empty { background: var(--tp-header-bg); }
`
