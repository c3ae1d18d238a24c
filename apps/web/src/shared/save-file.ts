/**
 * Hands a file to the browser to save under `name`: bytes already fetched (a Blob) or a same-origin
 * address the api streams. Every download of the app goes through here.
 */
export function saveFile(source: Blob | { url: string }, name: string): void {
  const isBlob = source instanceof Blob;
  const url = isBlob ? URL.createObjectURL(source) : source.url;
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click's task has run.
  if (isBlob) setTimeout(() => URL.revokeObjectURL(url), 0);
}
