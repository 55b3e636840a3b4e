package io.linkbench.report.html;

/** The report's inline style sheet: system fonts only, nothing loaded from anywhere. */
final class Style {
    static final String CSS = """
            body { font-family: system-ui, -apple-system, "Segoe UI", "DejaVu Sans", Arial, sans-serif;
                   font-size: 14px; color: #222; margin: 24px auto; max-width: 1000px; padding: 0 16px; }
            h1 { font-size: 22px; margin-bottom: 4px; }
            h2 { font-size: 19px; border-bottom: 2px solid #ccc; padding-bottom: 4px; margin-top: 36px; }
            h3 { font-size: 16px; margin: 22px 0 8px; }
            h4 { font-size: 14px; margin: 14px 0 6px; font-weight: 600; }
            p.run, p.note { color: #555; }
            nav ul { list-style: none; padding: 0; margin: 8px 0; }
            nav li { display: inline-block; margin-right: 14px; }
            a { color: #1f5fa8; }
            dl.facts { display: grid; grid-template-columns: max-content auto; gap: 2px 14px; margin: 8px 0; }
            dl.facts dt { font-weight: 600; color: #444; }
            dl.facts dd { margin: 0; }
            .flag { background: #c62828; color: #fff; font-size: 13px; padding: 1px 6px; border-radius: 3px; }
            p.warning { background: #fff4e0; border-left: 4px solid #f0a020; padding: 4px 8px; margin: 4px 0; }
            ul.unavailable { color: #8a5a00; margin: 6px 0; }
            table { border-collapse: collapse; margin: 6px 0 10px; }
            th, td { border: 1px solid #ddd; padding: 3px 8px; text-align: left; vertical-align: top; }
            thead th { background: #f3f3f3; }
            th.n, td.n { text-align: right; font-variant-numeric: tabular-nums; }
            tbody th { font-weight: normal; }
            tr.total th, tr.total td { font-weight: 600; background: #fafafa; }
            tr.unavailable td { color: #999; }
            table.config td, table.facts td { font-family: ui-monospace, "DejaVu Sans Mono", monospace;
                                              font-size: 13px; word-break: break-all; }
            div.charts svg { display: block; max-width: 100%; height: auto; margin: 10px 0;
                             border: 1px solid #e5e5e5; }
            svg.chart text { font-family: inherit; fill: #333; }
            svg.chart text.title { font-size: 14px; font-weight: 600; }
            svg.chart text.axis-title { font-size: 12px; fill: #555; }
            svg.chart text.empty { font-size: 15px; fill: #888; }
            svg.chart text.band-label { font-size: 11px; fill: #888; }
            """;

    private Style() {
    }
}
