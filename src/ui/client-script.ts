/**
 * The dashboard's small client script, served at `/ui/assets/dashboard.js`. Every page works
 * without it (forms post and the server answers with a page); with it, forms marked
 * `data-target` post in place and swap in the HTML fragment the server renders, the timeline
 * follows the server-sent events of the memory log, the registry searches as you type, and copy
 * buttons copy. All HTML it inserts was rendered (and escaped) by the server.
 */
export const clientScript = `
(() => {
  'use strict';
  const csrf = document.querySelector('meta[name="csrf-token"]')?.getAttribute('content') ?? '';
  const swap = (selector, html) => { const target = document.querySelector(selector); if (target) target.innerHTML = html; };
  const fragment = async (url, init = {}) => {
    const response = await fetch(url, { ...init, headers: { 'x-fragment': '1', 'x-csrf-token': csrf, ...(init.headers ?? {}) }, credentials: 'same-origin' });
    return response.text();
  };

  document.addEventListener('submit', async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.dataset.target) return;
    event.preventDefault();
    const button = event.submitter;
    if (button) button.disabled = true;
    try {
      const body = new URLSearchParams(new FormData(form));
      swap(form.dataset.target, await fragment(form.action, { method: 'POST', body }));
      document.querySelector(form.dataset.target)?.focus?.();
    } finally {
      if (button) button.disabled = false;
    }
  });

  document.addEventListener('click', (event) => {
    const button = event.target instanceof Element ? event.target.closest('[data-copy]') : null;
    if (!button) return;
    const source = document.querySelector(button.dataset.copy);
    if (source) navigator.clipboard?.writeText(source.textContent ?? '').then(() => { button.textContent = 'Copied'; });
  });

  const search = document.querySelector('[data-search]');
  if (search) {
    let timer;
    search.addEventListener('input', () => {
      clearTimeout(timer);
      timer = setTimeout(async () => {
        const url = search.dataset.search + '?fragment=1&q=' + encodeURIComponent(search.value);
        swap('#results', await fragment(url));
        history.replaceState(null, '', '?q=' + encodeURIComponent(search.value));
      }, 150);
    });
  }

  const live = document.querySelector('[data-live]');
  if (live && 'EventSource' in window) {
    const source = new EventSource(live.dataset.live);
    source.addEventListener('call', (event) => {
      const data = JSON.parse(event.data);
      const rows = document.querySelector('#timeline-rows');
      if (rows && live.dataset.first === '1') {
        rows.insertAdjacentHTML('afterbegin', data.row);
        document.querySelector('#timeline-empty')?.remove();
      }
      // Calls that arrive together carry the world once, with the last of them.
      if (data.world !== undefined) swap('#world', data.world);
      const count = document.querySelector('#call-count');
      if (count) count.textContent = String(data.sequence);
      const status = document.querySelector('#live-status');
      if (status) status.textContent = 'Call ' + data.sequence + ' arrived';
    });
    source.addEventListener('replaced', async () => {
      swap('#memory', await fragment(live.dataset.memory));
    });
    source.addEventListener('open', () => { live.dataset.connected = '1'; });
    // A refused stream (too many open for this session or server) is closed for good, not retried.
    source.addEventListener('error', () => {
      if (source.readyState !== EventSource.CLOSED) return;
      live.dataset.connected = '0';
      const status = document.querySelector('#live-status');
      if (status) status.textContent = 'Live updates are off: the server refused the stream (too many dashboard tabs open?). Close some and reload.';
    });
    // The session ended: stop listening (a reconnect would only meet the login page).
    source.addEventListener('expired', () => {
      source.close();
      live.dataset.connected = '0';
      const status = document.querySelector('#live-status');
      if (status) status.textContent = 'Your session has expired: live updates stopped. Log in again to see new calls.';
    });
  }
})();
`;
