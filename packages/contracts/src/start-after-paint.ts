/**
 * The page's start files, fetched once the page has painted (platform-core §9, a phone's first view).
 *
 * index.html (apps/web vite.config.ts) holds the start's script, the modules and styles it announces,
 * and the start's calls (apps/api spa.ts) inside `<template id="lumen-start">`, which the browser
 * neither fetches nor runs. This one inline script moves them into the head after the first paint:
 * the page and its styles, its font and the server's first view (apps/api first-view.ts) no longer
 * share a slow connection with ~190 KB of scripts, so the title or the configurator's picture shows
 * sooner; the app starts a frame later than it would have. A hidden page (a tab opened in the
 * background) paints no frame: its start files are fetched at once. The one-second timer is a
 * safety net, should the frame's callback never come.
 *
 * The api allows this text, and no other inline script, by its hash in the Content-Security-Policy
 * (apps/api security-headers.ts): one spelling for the build that writes it and the server that allows it.
 */

/** The id of the template that holds the start's files. */
export const START_TEMPLATE_ID = 'lumen-start';

/** The inline script: the template's content into the head, after the next paint (idempotent). */
export const START_AFTER_PAINT_SCRIPT =
  `(()=>{const t=document.getElementById("${START_TEMPLATE_ID}");` +
  'const go=()=>{if(t&&t.isConnected){t.remove();document.head.append(t.content)}};' +
  'if(document.visibilityState==="hidden")go();else requestAnimationFrame(()=>setTimeout(go,0));' +
  'setTimeout(go,1000)})()';
