/// The page `tasker web` serves: HTML, CSS and JS written by hand and compiled into the binary (no
/// outside assets, no build step). The script and the style are files of their own (`/app.js`,
/// `/app.css`) so the Content-Security-Policy can stay `default-src 'self'` with no inline code.
enum WebPage {
    /// The page, with this run's CSRF token in a meta tag the script reads (and whether a model is
    /// there to refine with).
    static func html(csrf: String, refine: Bool) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="csrf-token" content="\(csrf)">
        <meta name="tasker-refine" content="\(refine ? "on" : "off")">
        <title>Tasker</title>
        <link rel="icon" href="/icon.svg" type="image/svg+xml">
        <link rel="stylesheet" href="/app.css">
        <script src="/app.js" defer></script>
        </head>
        <body>
        <header>
          <h1>Tasker</h1>
          <p class="keys"><kbd>/</kbd> capture · <kbd>j</kbd>/<kbd>k</kbd> move · <kbd>x</kbd> complete</p>
        </header>
        <main>
        <section id="capture" aria-labelledby="capture-heading">
          <h2 id="capture-heading">Capture</h2>
          <form id="capture-form" autocomplete="off">
            <label for="capture-input">New task, as you would say it</label>
            <div class="row">
              <input id="capture-input" name="text" type="text" placeholder="call mom tomorrow 5pm #family !high" spellcheck="false">
              <button type="submit">Save</button>
              <button type="button" id="refine-button" hidden>Refine</button>
            </div>
          </form>
          <div id="drafts" aria-live="polite" aria-label="What the grammar understood"></div>
        </section>
        <p id="status" role="status" aria-live="polite"></p>
        <section id="today" aria-labelledby="today-heading">
          <h2 id="today-heading">Today</h2>
          <div id="filters" role="group" aria-label="Filter by context or project"></div>
          <div id="lists"></div>
        </section>
        <section id="plan" aria-labelledby="plan-heading">
          <h2 id="plan-heading">Plan</h2>
          <form id="plan-form" class="row">
            <label>Minutes <input id="plan-minutes" type="number" min="1" max="1440" value="180"></label>
            <label>Energy
              <select id="plan-energy"><option value="">any</option><option>quick</option><option>focused</option><option>deep</option></select>
            </label>
            <button type="submit">Plan my day</button>
            <button type="button" id="plan-export" disabled>Export .ics</button>
          </form>
          <ol id="timeline" aria-label="The day's timeline"></ol>
          <ul id="unplanned" aria-label="What did not fit"></ul>
        </section>
        <section id="approvals" aria-labelledby="approvals-heading">
          <h2 id="approvals-heading">Approvals</h2>
          <button type="button" id="approvals-refresh">Refresh</button>
          <ul id="pending"></ul>
          <h3>Receipts of the last day</h3>
          <ul id="receipts"></ul>
          <h3>Undo an agent</h3>
          <form id="undo-form" class="row">
            <label>Agent <input id="undo-agent" required autocomplete="off"></label>
            <label>since <input id="undo-since" required value="2h" autocomplete="off"></label>
            <button type="submit">Preview</button>
            <button type="button" id="undo-run" disabled>Undo</button>
          </form>
          <ul id="undo-lines" aria-label="What the undo changes"></ul>
        </section>
        </main>
        </body>
        </html>
        """
    }

    /// The tab's icon: a tick in a rounded square, so the browser asks for nothing else (no /favicon.ico).
    static let icon = ##"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#2f6f4f"/><path d="M9 16.5l5 5 9-11" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/></svg>"##
}
