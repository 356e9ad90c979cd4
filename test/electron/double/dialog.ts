// The double of Electron's dialog: showErrorBox, which before 'ready' on Linux prints to stderr.
export const dialog = {
  errorBoxes: [] as { title: string; content: string }[],
  showErrorBox(title: string, content: string) {
    dialog.errorBoxes.push({ title, content });
    process.stderr.write(`${title}: ${content}\n`);
  },
};
