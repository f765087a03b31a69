/// The gallery's style sheet (inline in the page, allowed by its hash in the CSP).
enum GalleryStyle {
    static let css = """
    :root{color-scheme:light dark;--fg:#1c1c1e;--bg:#f2f2f7;--card:#fff;--line:#d1d1d6;--accent:#0a66d8;--on-accent:#fff;--muted:#555}
    @media (prefers-color-scheme:dark){:root{--fg:#f2f2f7;--bg:#1c1c1e;--card:#2c2c2e;--line:#48484a;--accent:#4aa3ff;--on-accent:#000;--muted:#b0b0b5}}
    *{box-sizing:border-box}
    [hidden]{display:none!important}
    body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg)}
    header,main{max-width:1100px;margin:0 auto;padding:1rem}
    h1{font-size:1.6rem;margin:.5rem 0}h2{font-size:1.2rem;margin:1.2rem 0 .6rem}
    a{color:var(--accent)}
    .kinds{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:.8rem;padding:0;margin:0;list-style:none}
    .kind{width:100%;display:flex;flex-direction:column;align-items:center;gap:.4rem;padding:.8rem;border:2px solid var(--line);
      border-radius:12px;background:var(--card);color:var(--fg);font:inherit;cursor:pointer}
    .kind[aria-pressed=true]{border-color:var(--accent)}
    .kind:focus-visible,button:focus-visible,input:focus-visible,select:focus-visible,textarea:focus-visible,a:focus-visible,
      .seg input:focus-visible+span,.swatch:focus-within{outline:3px solid var(--accent);outline-offset:2px}
    .kind img{width:96px;height:96px;object-fit:contain}
    .playground{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1.2fr);gap:1rem;margin-top:1rem;align-items:start}
    .side{display:flex;flex-direction:column;gap:1rem;min-width:0}
    .panel{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:1rem;min-width:0}
    .panel h2:first-child{margin-top:0}
    .stage{display:flex;align-items:center;justify-content:center;min-height:260px;border-radius:10px;background:#fff;
      border:1px solid var(--line);overflow:auto}
    .stage.dark{background:#000}
    .stage img{max-width:100%;height:auto}
    fieldset{border:0;margin:0 0 .8rem;padding:0}legend{font-weight:600;margin-bottom:.3rem}
    .field{display:grid;grid-template-columns:7.5rem 1fr 5.5rem;align-items:center;gap:.5rem;margin:.35rem 0}
    .field label{font-weight:500}.field .hint{grid-column:2/4;color:var(--muted);font-size:.85rem;margin-top:-.3rem}
    .field input[type=range]{width:100%}
    .field input[type=number],.field input[type=text],.field select{width:100%;font:inherit;padding:.25rem}
    .colour{display:flex;gap:.4rem}
    .styles{grid-column:2/4;display:flex;gap:.4rem}
    .style-choice{padding:.2rem;border:1px solid var(--line);border-radius:6px;background:var(--card);cursor:pointer;line-height:0}
    .swatch{position:relative;display:inline-block;width:2.6rem;height:2rem;border:1px solid var(--line);border-radius:4px;cursor:pointer;
      background:linear-gradient(var(--swatch,transparent),var(--swatch,transparent)),
        repeating-conic-gradient(#c8c8c8 0 25%,#fff 0 50%) 0 0/12px 12px}
    .swatch input[type=color]{position:absolute;inset:0;width:100%;height:100%;opacity:0;cursor:pointer;border:0;padding:0}
    .sizes{display:flex;flex-wrap:wrap;gap:.3rem 1rem}.format-size output{font-variant-numeric:tabular-nums;font-weight:600}
    .row{display:flex;flex-wrap:wrap;gap:.5rem;align-items:center;margin:.5rem 0}
    .seg{display:inline-flex;flex-wrap:wrap;border:1px solid var(--line);border-radius:8px;overflow:hidden}
    .seg label{position:relative;padding:.3rem .7rem;cursor:pointer}.seg input{position:absolute;opacity:0}
    .seg span{display:inline-block;border-radius:4px}
    .seg input:checked+span{font-weight:700;text-decoration:underline}
    button.copy,button.toggle,.action{font:inherit;padding:.35rem .7rem;border-radius:8px;border:1px solid var(--line);background:var(--card);color:var(--fg);cursor:pointer;text-decoration:none}
    button.toggle[aria-pressed=true]{background:var(--accent);border-color:var(--accent);color:var(--on-accent);font-weight:600}
    .snippet{display:grid;grid-template-columns:1fr auto;gap:.4rem;align-items:start;margin:.4rem 0}
    .snippet textarea{width:100%;font:13px/1.35 ui-monospace,monospace;resize:vertical;min-height:2.6rem;padding:.3rem;
      color:var(--fg);background:var(--bg);border:1px solid var(--line);border-radius:6px}
    .meta{color:var(--muted)}
    .visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
    @media (max-width:720px){.playground{grid-template-columns:1fr}.side{display:contents}
      .preview-panel{order:-1;position:sticky;top:0;z-index:2;padding:.5rem;box-shadow:0 4px 12px rgba(0,0,0,.2)}
      .preview-panel .stage{min-height:110px;max-height:30vh}.preview-panel .row{margin:.2rem 0}.use-panel{order:1}
      .preview-panel p{margin:.3rem 0;font-size:.85rem}
      .field{grid-template-columns:6rem 1fr 4.5rem}}
    """
}
