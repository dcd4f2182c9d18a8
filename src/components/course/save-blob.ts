/**
 * Saves a downloaded file under its name through an object URL, which is released once the
 * browser has taken it.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  // Revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/** Spec sections 4 and 9: the file-download flag is held for 2 seconds. */
export const DOWNLOAD_FLAG_MS = 2000;
