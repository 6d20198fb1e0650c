// Small HTML helpers shared by the site's pages.

export const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Escapes `text` and turns its `code spans` into <code> (notes and claims are written that way). */
export const inlineHtml = (text) => escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');

/** The plain text of a fragment made by the helpers here (for a `title` shown on hover). */
export const plainText = (html) =>
  html
    .replace(/<\/(p|li|div)>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&#(\d+);/g, (_, code) => String.fromCharCode(Number(code)))
    .replace(/\n{2,}/g, '\n')
    .trim();
