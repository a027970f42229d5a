/** Saves `text` as a file named `fileName` (a Blob and a temporary link): the timesheets' CSV. */
export function downloadCsv(text: string, fileName: string, contentType: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: contentType }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
