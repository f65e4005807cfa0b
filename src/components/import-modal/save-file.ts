/** Saves a blob under a file name through a temporary link (the browser's download). */
export function saveFile(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves text as a UTF-8 .txt file (with a byte-order mark, so old Windows editors read the Chinese right). */
export function saveText(text: string, fileName: string) {
  saveFile(new Blob(['\ufeff', text], { type: 'text/plain;charset=utf-8' }), fileName);
}
