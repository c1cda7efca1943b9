/** The <iframe> code a site pastes to show one public point's widget. */
export function widgetPath(slug: string, pointId: string): string {
  return `/public/dashboard/${encodeURIComponent(slug)}/widget/${encodeURIComponent(pointId)}`;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function embedSnippet(origin: string, slug: string, pointId: string, title: string): string {
  const src = `${origin}${widgetPath(slug, pointId)}`;
  return `<iframe src="${escapeAttribute(src)}" title="${escapeAttribute(title)}" width="340" height="400" style="border:0" loading="lazy"></iframe>`;
}
