import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/*
 * A page's scripts start loading once its largest picture is on screen (decision record 18, §14).
 *
 * On a phone on a slow line, the page's 130 KB of JavaScript shared the line with the hero or the
 * first product picture and pushed the first paint back by a second: every page is usable before
 * its scripts run (links, and forms that post), so the scripts can wait for the picture. React
 * Router's <Scripts> asks for them at once (module preloads in the head, a module script at the end
 * of the body); as the page streams out, those are renamed into inert tags, and a small script
 * after them starts them for real two frames after the page's load event (which waits for the
 * pictures loaded at once, the largest among them), so after those pictures are painted; or after
 * three seconds, when a picture is that slow.
 */

const DEFERRED_PRELOAD = "x-modulepreload";
const DEFERRED_MODULE = "x-module";

/** The starter, minified by hand; `data-` nothing: it reads the renamed tags back. */
export const SCRIPT_STARTER = `(function(){var d=document,s=!1;function go(){if(s)return;s=!0;var q=[];d.querySelectorAll('link[rel="${DEFERRED_PRELOAD}"]').forEach(function(l){q.push(function(){var n=d.createElement("link");n.rel="modulepreload";n.href=l.href;d.head.appendChild(n)})});d.querySelectorAll('script[type="${DEFERRED_MODULE}"]').forEach(function(o){q.push(function(){var n=d.createElement("script");n.type="module";n.nonce=o.nonce;n.textContent=o.textContent;o.replaceWith(n)})});(function next(){var f=q.shift();if(f){f();setTimeout(next,0)}})()}function painted(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(go,0)})})}if(d.readyState==="complete")painted();else{addEventListener("load",painted);setTimeout(go,3e3)}})()`;

const MODULE_PRELOAD = /<link rel="modulepreload"/g;
const MODULE_SCRIPT = /<script([^>]*?) type="module" async=""([^>]*)>/;

/**
 * The HTML as it streams, with React Router's module preloads and module script made inert and the
 * starter put after that script (carrying the page's script nonce). Only whole tags are rewritten:
 * the text after the last `>` of a chunk waits for the next one.
 */
export function scriptsAfterFirstPaint(nonce: string | undefined): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  let state: "before" | "inside" | "after" = "before";
  const starter = `<script${nonce ? ` nonce="${nonce}"` : ""}>${SCRIPT_STARTER}</script>`;

  const rewrite = (html: string): string => {
    let out = html.replace(MODULE_PRELOAD, `<link rel="${DEFERRED_PRELOAD}"`);
    if (state === "before" && MODULE_SCRIPT.test(out)) {
      out = out.replace(MODULE_SCRIPT, `<script$1 type="${DEFERRED_MODULE}"$2>`);
      state = "inside";
    }
    if (state === "inside") {
      const opened = out.indexOf(`type="${DEFERRED_MODULE}"`);
      const closes = out.indexOf("</script>", Math.max(0, opened));
      if (closes >= 0) {
        const end = closes + "</script>".length;
        out = `${out.slice(0, end)}${starter}${out.slice(end)}`;
        state = "after";
      }
    }
    return out;
  };

  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = pending + decoder.write(chunk);
      // Once the starter is in, nothing is left to rewrite: the rest passes as it comes.
      if (state === "after") {
        pending = "";
        callback(null, text);
        return;
      }
      const whole = text.lastIndexOf(">") + 1;
      pending = text.slice(whole);
      callback(null, whole > 0 ? rewrite(text.slice(0, whole)) : "");
    },
    flush(callback) {
      const rest = pending + decoder.end();
      callback(null, state === "after" ? rest : rewrite(rest));
    },
  });
}
