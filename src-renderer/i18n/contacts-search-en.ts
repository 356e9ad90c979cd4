// The English words for a search with more matches than Besked counts (issue 30.1); en.ts mounts it as
// `contactsSearch` (its own file so these strings do not crowd en.ts).
export const contactsSearchEn = {
  matchingMore: 'More than {n} of {total}',
  selectedMore: 'More than {n} selected',
  addAllMore: 'Add everyone found (more than {count})',
};
