// Common Danish first names (Danmarks Statistik's most frequent, both sexes, plus frequent Nordic and international
// ones): the anchors of the search index's name order (name-rank.ts). A contact whose first name is one of these gets
// buckets of its own by the start of its last name; other names share buckets between their neighbours here.
// Changing this list changes the buckets: it needs a migration that recomputes contacts.name_bucket.
export const COMMON_FIRST_NAMES: readonly string[] = `
Aase Adam Agnes Ahmad Ahmed Aksel Alberte Albert Alexander Alexandra Alfred Ali Alice Allan Alma Amalie Amanda Andrea
Anders Andreas Anette Anita Anja Ann Anna Anne Anne-Grethe Anne-Lise Anne-Marie Anne-Mette Annette Annie Ansgar Anton
Arne Arthur Asger Asta Astrid August Axel Benedikte Bent Bente Benjamin Berit Bettina Birgit Birgitte Birthe Bjarne
Bo Bodil Britt Brian Bruno Camilla Carina Carl Carla Carsten Caroline Casper Cecilie Charlotte Christel Christian
Christina Christine Christoffer Clara Claus Conni Connie Dagmar Dan Daniel David Dennis Ditte Dorte Dorthe Ebbe Edith
Eigil Ejner Elias Elin Elisabeth Ella Ellen Elly Elna Else Elsebeth Emil Emilie Emma Erik Erling Ernst Esben Ester
Esther Eva Evald Ferdinand Filip Finn Flemming Frank Frederik Frederikke Freja Frida Frode Gerda Gert Gitte Grethe
Gunnar Gustav Hanne Hans Harald Hardy Harry Heidi Helen Helena Helene Helga Helge Helle Henning Henny Henrik Herbert
Hilda Holger Ib Ida Inga Inge Inger Ingrid Irene Isabella Jacob Jakob Jan Jane Janne Jannie Jens Jeppe Jesper Jessica
Jette Joachim Johan Johanne Johannes John Johnny Jonas Jonathan Jan Josefine Julie Julius Jytte Jørgen Jørn Kaj Kamilla
Karen Kari Karin Karina Karl Karla Karsten Kasper Katrine Kenneth Kent Kim Kirsten Kirstine Kjeld Klaus Knud Kristian
Kristina Kristine Laila Lars Laura Lea Leif Lena Lene Leo Line Linda Lis Lisa Lisbeth Lise Liselotte Lone Louise Lucas
Lukas Magnus Maja Malene Malou Mads Majken Marc Marcus Margit Margrethe Maria Marianne Marie Marina Marius Mark Markus
Martha Martin Mathias Mathilde Mattias Max Merete Mette Michael Michelle Mie Mikael Mikkel Mille Mogens Mohammad Mohamed
Mona Morten Nadia Nanna Natasja Nicklas Nicolai Nicoline Niels Niklas Nikolaj Nina Noah Oliver Olivia Ole Oscar Oskar
Otto Palle Patrick Paul Per Pernille Peter Philip Pia Poul Preben Rasmus Rikke Rita Robert Ruth Rune Sara Sarah Sebastian
Signe Simon Sine Sofie Sofia Solvej Sonja Stefan Steen Sten Stig Susanne Svend Søren Thomas Tina Tine Tobias Tom
Tommy Tonny Tove Troels Torben Tue Ulla Ulrik Ulrikke Valdemar Verner Vibeke Victor Victoria Viggo Vilhelm Villads
Villum William Yvonne Åse Aage
Aksel Ane Anni Asbjørn Benny Bjørg Bjørn Britta Børge Cathrine Charlie Dagny Dina Egon Eli Elise Elsa Erna Eskild Evelyn
Gudrun Gunhild Hanna Henriette Hjalte Iben Ingelise Ivan Jeanette Jimmy Jonna Jørgen Kenni Kristoffer Kurt Lasse Laurits
Leon Linea Lisette Lotte Lykke Mai Marlene Merethe Mia Michala Molly Naja Nanna Nikoline Ove Randi Rene René Ronni Sanne
Silas Sigrid Stine Sune Susan Tanja Thea Thorkild Tim Torsten Trine Vagn Vera Vibe Vivi Willy Zoë Zenia Øjvind Ørnulf
Åge Aase Émile Yrsa Ellinor Esther Karoline Kasper Lisbet Birte Ejvind Erna Frits Gert Gry Hugo Ingeborg Inger-Lise
Johanna Kaare Karsten Kirsti Laust Lilly Lucia Maiken Malthe Marius Nora Olaf Ronja Sebastian Svenning Tage Tobias Ursula`
  .split(/\s+/)
  .filter((n) => n !== '');
