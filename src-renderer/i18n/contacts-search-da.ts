// De danske ord for en søgning med flere fund, end Besked tæller (issue 30.1); da.ts monterer dem som
// `contactsSearch`.
export const contactsSearchDa = {
  matchingMore: 'Over {n} af {total}',
  selectedMore: 'Over {n} valgt',
  addAllMore: 'Tilføj alle fundne (over {count})',
};
