extension WebPage {
    /// `/app.css`: light and dark by `prefers-color-scheme`, one column that reads at 360 px.
    static let style = #"""
        :root { color-scheme: light dark; --bg: #fbfbfa; --fg: #1d1d1f; --muted: #5f6368; --line: #d6d6d6; --card: #fff;
          --accent: #1a5fb4; --busy: #e8e8e8; --plan: #dceafd; --danger: #a51d2d; --chip: #eef1f5; }
        @media (prefers-color-scheme: dark) {
          :root { --bg: #161618; --fg: #ececec; --muted: #a8a8ad; --line: #3a3a3e; --card: #1f1f22;
            --accent: #78aeed; --busy: #2e2e33; --plan: #1f3552; --danger: #f66151; --chip: #2a2d33; }
        }
        * { box-sizing: border-box; }
        body { margin: 0; background: var(--bg); color: var(--fg); font: 16px/1.45 system-ui, sans-serif; }
        header, main { max-width: 46rem; margin: 0 auto; padding: 0 1rem; }
        header { display: flex; flex-wrap: wrap; align-items: baseline; justify-content: space-between; gap: .5rem; }
        h1 { font-size: 1.4rem; margin: 1rem 0 .25rem; }
        h2 { font-size: 1.15rem; margin: 0 0 .5rem; }
        h3 { font-size: 1rem; margin: .75rem 0 .25rem; color: var(--muted); }
        .keys { color: var(--muted); font-size: .85rem; margin: 0; }
        kbd { border: 1px solid var(--line); border-radius: 4px; padding: 0 .3em; font-size: .85em; }
        section { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: .9rem; margin: .9rem 0; }
        label { display: block; font-size: .9rem; color: var(--muted); }
        .row { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; }
        .row label { display: flex; flex-direction: column; }
        input, select, button { font: inherit; color: inherit; background: var(--bg); border: 1px solid var(--line); border-radius: 6px; padding: .4rem .6rem; }
        #capture-input { flex: 1 1 14rem; min-width: 0; }
        button { cursor: pointer; }
        button[type=submit], .primary { background: var(--accent); color: var(--bg); border-color: var(--accent); }
        button:disabled { opacity: .5; cursor: default; }
        :focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        .draft { margin-top: .6rem; }
        .chip[data-field=title] { font-weight: 600; }
        .chips { list-style: none; display: flex; flex-wrap: wrap; gap: .35rem; padding: 0; margin: .3rem 0 0; }
        .chip { background: var(--chip); border: 1px solid var(--line); border-radius: 999px; padding: .05rem .6rem; font-size: .9rem; }
        .chip .field { color: var(--muted); font-size: .75rem; margin-right: .3em; }
        #status { max-width: 46rem; margin: .5rem auto; padding: 0 1rem; min-height: 1.45em; }
        #status.error { color: var(--danger); }
        #filters { display: flex; flex-wrap: wrap; gap: .35rem; }
        #filters button[aria-pressed=true] { background: var(--accent); color: var(--bg); }
        #filters button[aria-pressed=true]::before { content: "✓ "; }
        .tasks { list-style: none; padding: 0; margin: 0; }
        .task { display: flex; flex-wrap: wrap; align-items: center; gap: .4rem; padding: .45rem .3rem; border-top: 1px solid var(--line); }
        .task.selected { outline: 2px solid var(--accent); outline-offset: -2px; border-radius: 6px; }
        .task .title { flex: 1 1 12rem; }
        .task .meta { color: var(--muted); font-size: .85rem; }
        .task form { flex-basis: 100%; display: flex; gap: .4rem; flex-wrap: wrap; }
        .empty { color: var(--muted); font-size: .9rem; }
        #timeline { list-style: none; padding: 0; margin: .6rem 0 0; }
        .block { border-radius: 8px; padding: .3rem .6rem; margin: .25rem 0; border: 1px solid var(--line); display: flex; gap: .6rem; align-items: flex-start; }
        .block.busy { background: var(--busy); border-style: dashed; }
        .block.plan { background: var(--plan); }
        .block .when { font-variant-numeric: tabular-nums; min-width: 6.5rem; }
        .block .kind { font-size: .75rem; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); min-width: 2.6rem; }
        #pending, #receipts { list-style: none; padding: 0; }
        .approval { border-top: 1px solid var(--line); padding: .5rem 0; }
        .approval dl { display: grid; grid-template-columns: max-content 1fr; gap: .15rem .7rem; margin: .3rem 0; }
        .approval dt { color: var(--muted); }
        .approval dd { margin: 0; overflow-wrap: anywhere; }
        .approval pre { margin: 0; white-space: pre-wrap; font-size: .85rem; }
        #receipts li { font-size: .85rem; color: var(--muted); padding: .1rem 0; }
        """#
}
