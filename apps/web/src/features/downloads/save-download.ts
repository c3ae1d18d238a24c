/** Hands a file to the browser to save: a same-origin address (streamed by the api) or bytes that came over the socket. */
export function saveDownload(source: { url: string } | { blob: Blob }, name: string): void {
  const url = 'url' in source ? source.url : URL.createObjectURL(source.blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  if ('blob' in source) setTimeout(() => URL.revokeObjectURL(url), 0);
}
