/** Lower-case, accent-free form of a text, for searching ('Segurança' matches 'seguranca'). */
export function normaliseForSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();
}
