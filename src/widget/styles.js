// The widget's look, inside its shadow root: the page's CSS does not reach in, and the widget's
// does not leak out. A page themes it through the CSS custom properties below (they inherit
// through the shadow boundary), set on `parley-chat` or any ancestor. Each falls back to the
// light or the dark palette: `theme="light"` or `theme="dark"` picks one, otherwise the
// reader's `prefers-color-scheme` does.

const palette = (colors) => Object.entries(colors).map(([name, value]) => `--_${name}: var(--parley-${name}, ${value});`).join('\n');

const LIGHT = palette({
  background: '#ffffff',
  surface: '#f3f4f7',
  text: '#17191f',
  muted: '#5d6472',
  border: '#dde0e6',
  accent: '#4f46e5',
  'accent-text': '#ffffff',
  success: '#157a3d',
  danger: '#c42b2b',
  warning: '#8a5800',
});

const DARK = palette({
  background: '#14161b',
  surface: '#1f232b',
  text: '#eceef2',
  muted: '#a0a7b4',
  border: '#30353f',
  accent: '#8b85ff',
  'accent-text': '#101018',
  success: '#4cc38a',
  danger: '#ff7a7a',
  warning: '#f0c36b',
});

export const STYLES = `
:host {
  ${LIGHT}
  --_font: var(--parley-font, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif);
  --_font-size: var(--parley-font-size, 15px);
  --_radius: var(--parley-radius, 14px);
  --_height: var(--parley-height, 560px);
  display: block;
  color-scheme: light;
}
:host([theme='dark']) { ${DARK} color-scheme: dark; }
@media (prefers-color-scheme: dark) {
  :host(:not([theme='light'])) { ${DARK} color-scheme: dark; }
}
:host([hidden]) { display: none; }

* { box-sizing: border-box; }
.chat {
  display: flex;
  flex-direction: column;
  height: var(--_height);
  overflow: hidden;
  font: var(--_font-size) / 1.45 var(--_font);
  color: var(--_text);
  background: var(--_background);
  border: 1px solid var(--_border);
  border-radius: var(--_radius);
}
.visually-hidden {
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
}
:focus-visible {
  outline: 2px solid var(--_accent);
  outline-offset: 2px;
}

header {
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 4px 10px;
  padding: 12px 16px;
  border-bottom: 1px solid var(--_border);
}
.title { display: flex; align-items: center; gap: 8px; font-weight: 650; margin: 0; font-size: 1em; }
.title::before {
  content: '';
  width: 10px;
  height: 10px;
  border-radius: 50%;
  background: var(--_muted);
}
.chat[data-state='ready'] .title::before { background: var(--_success); }
.chat[data-state='refused'] .title::before { background: var(--_danger); }
.wallet {
  margin-left: auto;
  padding: 2px 8px;
  border-radius: 999px;
  background: var(--_surface);
  color: var(--_muted);
  font: 0.8em ui-monospace, SFMono-Regular, Menlo, monospace;
}
.balances { flex-basis: 100%; margin: 0; color: var(--_muted); font-size: 0.85em; }
.balances:empty { display: none; }

.log {
  flex: 1;
  min-height: 0;
  overflow-y: auto;
  display: flex;
  flex-direction: column;
  gap: 10px;
  padding: 16px;
}
.message {
  max-width: 85%;
  padding: 9px 13px;
  border-radius: 16px;
  overflow-wrap: anywhere;
}
.message p { margin: 0; white-space: pre-wrap; }
.message.user {
  align-self: flex-end;
  background: var(--_accent);
  color: var(--_accent-text);
  border-bottom-right-radius: 4px;
}
.message.agent {
  align-self: flex-start;
  background: var(--_surface);
  border-bottom-left-radius: 4px;
}
.message.question { box-shadow: inset 3px 0 0 var(--_accent); }
.message.refusal { box-shadow: inset 3px 0 0 var(--_warning); }
.tag {
  display: block;
  margin-bottom: 2px;
  color: var(--_muted);
  font-size: 0.75em;
  font-weight: 600;
  letter-spacing: 0.04em;
  text-transform: uppercase;
}
.past { color: var(--_muted); font-size: 0.85em; margin-top: 4px; }
.thinking { color: var(--_muted); }
.thinking span { animation: blink 1.2s infinite both; }
.thinking span:nth-child(2) { animation-delay: 0.2s; }
.thinking span:nth-child(3) { animation-delay: 0.4s; }
@keyframes blink { 0%, 80%, 100% { opacity: 0.2; } 40% { opacity: 1; } }
@media (prefers-reduced-motion: reduce) { .thinking span { animation: none; } }

.transaction {
  align-self: stretch;
  padding: 12px 14px;
  border: 1px solid var(--_border);
  border-radius: 12px;
  background: var(--_background);
}
.transaction h3 { margin: 0 0 6px; font-size: 0.95em; }
.summary { margin: 8px 0 0; color: var(--_muted); font-size: 0.8em; overflow-wrap: anywhere; }
table { width: 100%; border-collapse: collapse; font-size: 0.9em; font-variant-numeric: tabular-nums; }
caption { text-align: left; color: var(--_muted); font-size: 0.8em; padding-bottom: 4px; }
th, td { padding: 5px 4px; text-align: right; border-top: 1px solid var(--_border); white-space: nowrap; }
th:first-child, td:first-child { text-align: left; }
thead th { border-top: 0; color: var(--_muted); font-weight: 500; font-size: 0.85em; }
.up { color: var(--_success); font-weight: 600; }
.down { color: var(--_danger); font-weight: 600; }
.fee { margin: 6px 0 0; color: var(--_muted); font-size: 0.8em; }
.warnings { margin: 8px 0 0; padding: 0; list-style: none; color: var(--_warning); font-size: 0.8em; }
.warnings li::before { content: '⚠ '; }
.actions { display: flex; gap: 8px; margin-top: 12px; }
button {
  font: inherit;
  font-weight: 600;
  padding: 8px 16px;
  border: 1px solid var(--_accent);
  border-radius: 999px;
  background: var(--_accent);
  color: var(--_accent-text);
  cursor: pointer;
}
button.secondary { background: transparent; color: var(--_accent); }
button:disabled { opacity: 0.45; cursor: not-allowed; }
.actions button { flex: 1; }
.status { display: flex; align-items: center; gap: 6px; margin: 10px 0 0; font-size: 0.85em; color: var(--_muted); }
.status::before { content: ''; width: 8px; height: 8px; border-radius: 50%; background: currentColor; flex: none; }
.status[data-status='confirmed'] { color: var(--_success); font-weight: 600; }
.status[data-status='failed'], .status[data-status='expired'], .status[data-status='error'] { color: var(--_danger); }
.status[data-status='submitted'], .status[data-status='signing'] { color: var(--_accent); }
.status a { color: inherit; }

.notice {
  margin: 0 16px 10px;
  padding: 8px 12px;
  border-radius: 10px;
  background: var(--_surface);
  color: var(--_danger);
  font-size: 0.9em;
}
form {
  display: flex;
  gap: 8px;
  padding: 10px 12px;
  border-top: 1px solid var(--_border);
}
input {
  flex: 1;
  min-width: 0;
  font: inherit;
  padding: 9px 14px;
  color: var(--_text);
  background: var(--_surface);
  border: 1px solid var(--_border);
  border-radius: 999px;
}
input::placeholder { color: var(--_muted); }
input:disabled { opacity: 0.6; }
`;
