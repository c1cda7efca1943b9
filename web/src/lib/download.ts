/** Hands a file the app already holds (a blob) to the browser as a download. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // revoked on a later turn: some browsers start reading the URL only after click() returns
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
