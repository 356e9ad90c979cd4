// The Danish text of every error code, key for key as error-texts-en.ts with the same {parameters}; da.ts mounts it as `errors`.
import type { errorTextsEn } from './error-texts-en';
import type { Translation } from './da';
import { deliveryHelpDa } from './delivery-help-da';

const ASK_DELIVERY = 'Tjek beskedloggen (eller vent på leveringsrapporterne), før du sender igen.';

export const errorTextsDa: Translation<typeof errorTextsEn> = {
  internal: {
    unexpected: 'Noget gik galt inde i Besked. Dine data er i sikkerhed; prøv venligst igen.',
    unknownFailure: 'Noget gik galt. Prøv igen.',
  },
  call: {
    invalidInput: 'Besked kunne ikke gøre dette: input til {call} var ikke gyldigt ({problem}).',
  },
  gateway: {
    insufficientCredit: 'Din gatewaykonto har ikke penge nok til dette. Fyld kontoen op i gatewayens kontrolpanel, og prøv så igen.',
    conflict: 'Gatewayen kunne ikke gøre dette lige nu. {said}',
    invalidRequest: 'Gatewayen tog ikke imod forespørgslen (HTTP {status}). {detail}',
    notEnabled:
      'Din gatewaykonto har ikke adgang til denne funktion. Nøgleord, e-mail og nummeropslag kræver en særskilt aftale med gatewayen; kontakt dens support for at få adgang.',
    tokenRefused:
      'Gatewayen afviste API-tokenet (HTTP {status}). Et token virker kun på den platform, det er oprettet til (EU eller standard), så tjek, at token og platform i Indstillinger passer sammen. Kontoen kan også være sat til kun at tage imod forespørgsler fra bestemte IP-adresser (det indstilles i gatewayens kontrolpanel).',
    ipRefused:
      'Gatewayen afviste forespørgslen fra denne computers IP-adresse (HTTP {status}). Kontoen tager kun imod forespørgsler fra bestemte IP-adresser; tilføj denne i gatewayens kontrolpanel.',
    notFound: 'Gatewayen kunne ikke finde det, Besked spurgte efter ({what}).',
    requestTimeout: 'Gatewayen ventede forgæves på forespørgslen, så den blev ikke behandlet. Tjek din internetforbindelse, og prøv igen.',
    requestTimeoutUncertain: 'Gatewayen opgav at vente (HTTP 408), så Besked kan ikke vide, om den behandlede forespørgslen. Den sendes ikke igen af sig selv.',
    rateLimited: 'Gatewayen får for mange forespørgsler fra denne konto og behandlede ikke denne. Prøv igen om {seconds} sekunder.',
    rateLimitedSoon: 'Gatewayen får for mange forespørgsler fra denne konto og behandlede ikke denne. Prøv igen om lidt.',
    serverError: 'Gatewayen havde selv et problem (HTTP {status}). Prøv igen om et par minutter.',
    serverErrorUncertain: `Gatewayen havde selv et problem (HTTP {status}). Den kan alligevel have taget imod forespørgslen. ${ASK_DELIVERY}`,
    unexpectedStatus: 'Gatewayen svarede på {what} med HTTP {status}, som Besked ikke forventer. Tjek gatewayens adresser i Indstillinger.',
    malformedAnswer: 'Gatewayens svar på {what} havde ikke den forventede form. Besked skal måske opdateres til en ændring hos gatewayen.',
    malformedAnswerSent:
      'Gatewayens svar på {what} havde ikke den forventede form. Gatewayen tog imod forespørgslen, så send den ikke igen; se udfaldet i beskedloggen.',
    inputInvalid: 'Besked sendte ikke dette, fordi nogle oplysninger ikke er gyldige: {detail}.',
    noStoredMessage: 'Gatewayen har ingen sendt besked med id {id}. En besked kan først slås op, når den er sendt; en planlagt besked er der ikke endnu.',
    cancelled: 'Forespørgslen til gatewayen blev annulleret.',
    cancelledUncertain: `Forespørgslen til gatewayen blev annulleret, efter den var sendt af sted, så gatewayen kan have taget imod den. ${ASK_DELIVERY}`,
    unreachable: 'Kunne ikke forbinde til gatewayen på {host} ({reason}). Tjek din internetforbindelse og gatewayens adresser i Indstillinger.',
    dnsFailed: 'Kunne ikke finde gatewayens adresse {host}. Tjek din internetforbindelse og gatewayens adresser i Indstillinger.',
    tlsFailed:
      'Kunne ikke oprette en sikker forbindelse til {host} ({reason}). Tjek gatewayens adresser i Indstillinger; en proxy eller et antivirusprogram kan opsnappe sikre forbindelser.',
    connectTimeout: 'Kunne ikke forbinde til gatewayen på {host} i tide. Tjek din internetforbindelse.',
    timeout: 'Gatewayen på {host} svarede ikke i tide. Prøv igen om et øjeblik.',
    timeoutUncertain: `Gatewayen på {host} svarede ikke i tide. Forespørgslen var allerede sendt, så gatewayen kan have taget imod den. ${ASK_DELIVERY}`,
    connectionClosed: 'Forbindelsen til gatewayen på {host} lukkede, før forespørgslen blev sendt. Prøv igen om et øjeblik.',
    connectionLost: 'Forbindelsen til gatewayen på {host} blev afbrudt, før den svarede. Prøv igen om et øjeblik.',
    connectionLostUncertain: `Forbindelsen til gatewayen på {host} blev afbrudt, før den svarede. Forespørgslen var allerede sendt, så gatewayen kan have taget imod den. ${ASK_DELIVERY}`,
    failed: 'Kommunikationen med gatewayen på {host} mislykkedes ({reason}). Prøv igen om et øjeblik.',
    failedUncertain: `Kommunikationen med gatewayen på {host} mislykkedes ({reason}). Forespørgslen var allerede sendt, så gatewayen kan have taget imod den. ${ASK_DELIVERY}`,
    badAddress: 'Gatewayens {label}-adresse "{address}" i Indstillinger er ikke en gyldig webadresse.',
    addressNotHttps: 'Gatewayens {label}-adresse skal begynde med https://, så API-tokenet aldrig sendes ukrypteret.',
    addressesMissing: 'Udfyld først begge gatewayadresser for denne platform.',
    messagingAddressFailed: 'Adressen på beskedgrænsefladen ({host}) virkede ikke:',
    legacyAddressFailed: 'Adressen på REST-grænsefladen ({host}) virkede ikke:',
    noToken: 'Der er ikke angivet et API-token. Indsæt dit API-token fra gatewayens kontrolpanel i Indstillinger.',
    noTokenEu: 'Der er ikke angivet et API-token for EU-platformen. Indsæt et fra gatewayens kontrolpanel.',
    noTokenDefault: 'Der er ikke angivet et API-token for standardplatformen. Indsæt et fra gatewayens kontrolpanel.',
    tokenLineBreaks: 'API-tokenet indeholder linjeskift. Kopiér det igen fra gatewayens kontrolpanel, og indsæt det i Indstillinger.',
  },
  storage: {
    full: 'Disken er fuld, så Besked kan ikke gemme noget lige nu. Frigør noget plads; afsendelsen venter imens og fortsætter af sig selv. Intet er sendt to gange, og intet er gået tabt.',
    readOnly: 'Beskeds datamappe kan ikke skrives til (den er skrivebeskyttet). Tjek mappens rettigheder; afsendelsen venter imens og fortsætter af sig selv. Intet er sendt to gange, og intet er gået tabt.',
    ioError: 'Disken meldte en fejl, mens Besked gemte. Tjek disken; afsendelsen venter imens og fortsætter af sig selv. Intet er sendt to gange, og intet er gået tabt.',
  },
  bridge: {
    wrongKey:
      'Dette link gælder ikke for den Besked, der kører nu: webtilstanden laver en ny nøgle, hver gang den starter. Åbn adressen, den skrev i terminalen, hvor du kørte npm run web („Besked web: http://127.0.0.1:…/?key=…“). Er terminalen lukket, så kør npm run web igen: den skriver adressen på den, der allerede kører.',
    notRunning: 'Besked kører ikke. Start den igen med npm run web.',
    reconnecting: 'Forbindelsen til Besked blev afbrudt. Forbinder igen…',
  },
  app: {
    alreadyRunning: 'Besked kører allerede med denne datamappe ({who}). Luk den først, eller start denne med en anden datamappe. Mappe: {folder}',
  },
  keychain: {
    readFailed: 'Nøgleringen kunne ikke læses. Lås den op, og prøv igen.',
    saveFailed: 'Tokenet kunne ikke gemmes i nøgleringen. Lås den op, og prøv igen.',
    removeFailed: 'Tokenet kunne ikke fjernes fra nøgleringen. Lås den op, og prøv igen.',
  },
  chunk: {
    answerLost: 'Besked stoppede, før den nåede at gemme gatewayens svar på denne forespørgsel, så gatewayen har sandsynligvis modtaget beskederne. Tjek, før du sender igen: leveringsrapporter, der kommer for dem, tælles med her.',
    unaccounted: 'Gatewayen modtog forespørgslen, men dens svar gjorde kun rede for {accounted} af dens {sent} modtagere, så de øvrige har sandsynligvis fået beskeden. De sendes ikke igen af sig selv.',
  },
  campaign: {
    notFound: 'Denne kampagne findes ikke længere.',
    alreadySent: 'Denne kampagne er allerede sendt eller planlagt.',
    costChanged: 'Prisen er nu {cost} {currency} i stedet for de {seen}, du så (modtagere eller priser har ændret sig). Tjek den, og send igen.',
    firstLiveNotConfirmed: 'Dette er den første afsendelse med dit live-token: rigtige beskeder går til rigtige mennesker og koster penge. Tryk Send igen, og bekræft advarslen.',
    alreadyAtGateway: 'Denne kampagne ligger allerede hos gatewayen og bliver sendt på det planlagte tidspunkt. Annuller den i stedet, hvis den ikke må blive sendt.',
    cannotPause: 'Kun en kampagne, der er ved at blive sendt eller venter, kan sættes på pause.',
    cannotResume: 'Kun en kampagne på pause kan genoptages.',
    draftNotSent: 'Denne besked er ikke sendt. Slet kladden i stedet.',
    nothingToCancel: 'Denne kampagne er allerede sendt, så der er intet tilbage at annullere.',
    nothingUncertain: 'Ingen modtagere i denne kampagne har længere en usikker status.',
    cancelledDuplicate: 'Denne kampagne blev annulleret. Lav en kopi for at sende den igen.',
    notEditable: 'Denne kampagne er allerede sendt eller planlagt, så den kan ikke længere ændres. Lav en kopi for at sende en ændret udgave.',
    stillSending: 'Denne kampagne er stadig på vej. Annuller den først, og slet den så.',
    notFinished: 'Denne kampagne er stadig på vej. Send igen til de modtagere, der fejlede, når den er færdig.',
    noFailedRecipients: 'Ingen modtagere i denne kampagne fejlede, så der er ingen at sende til igen.',
    startedInSandbox: 'Kampagnen blev startet i Sandkassen, og Besked er nu forbundet til den rigtige gateway. Genoptag den for at sende resten for alvor.',
    startedLive: 'Kampagnen blev startet på den rigtige gateway, og Besked er nu i Sandkassen. Genoptag den for at sende resten til testgatewayen.',
    prepareFailed: 'Besked kunne ikke gøre kampagnens beskeder klar. Meld det gerne som en fejl; intet blev sendt.',
  },
  template: {
    nameTaken: 'Der findes allerede en skabelon med navnet "{name}". Vælg et andet navn.',
    notFound: 'Denne skabelon findes ikke længere.',
  },
  delivery: {
    ...deliveryHelpDa,
    gatewayError: {
      insufficientCredit: 'Kontoen havde ikke kredit nok ({hex})',
      senderNotSupported: 'Afsendernavnet understøttes ikke i modtagerens land ({hex})',
      noRoute: 'Der er ingen rute til modtagerens land ({hex})',
      absentSubscriber: 'Nummeret er ukendt, eller telefonen kan ikke nås (slukket eller uden dækning) ({hex})',
      operatorExpired: 'Beskeden udløb i teleselskabets net ({hex})',
      validityEnded: 'Gyldighedsperioden udløb, før beskeden blev leveret ({hex})',
      operatorRejected: 'Afvist af teleselskabet ({hex})',
      numberBlocked: 'Modtageren blev sprunget over: nummeret er blokeret på kontoen ({hex})',
      operatorDeleted: 'Slettet af teleselskabet før levering ({hex})',
      unexplained: 'Gatewayen skrev: »{words}« ({hex})',
      wordsOnly: 'Gatewayen skrev: »{words}«',
      codeOnly: 'Gatewayens fejlkode {hex}',
    },
    gaveUp: 'Telefonnettet meldte ingen endelig status, før beskedens gyldighed udløb.',
    refused: 'Gatewayen afviste beskeden.',
  },
  contact: {
    changedMeanwhile: '{name} blev ændret af en anden, mens du redigerede. Se hvad der er ændret, og vælg.',
    notFound: 'Denne kontakt findes ikke længere. Den er måske blevet slettet.',
    phoneTaken: '{phone} hører allerede til {name}. Et nummer kan kun høre til én kontakt.',
    phoneTakenUnnamed: '{phone} hører allerede til en anden kontakt. Et nummer kan kun høre til én kontakt.',
    groupGone: 'En af de valgte grupper findes ikke længere. Genindlæs, og vælg igen.',
    nothingToUndo: 'Der er ikke længere noget at fortryde: slettede kontakter kan gendannes i 24 timer.',
    notOptedOut: 'Dette nummer har ikke afmeldt sig, så der er intet at tilmelde igen.',
    noneSelected: 'Der er ikke valgt nogen kontakter at eksportere.',
    exportTooLarge: 'Filen ville fylde {mb} MB, mere end Besked kan give videre på én gang. Eksportér en gruppe eller et søgeresultat ad gangen.',
  },
  phone: {
    empty: 'Intet telefonnummer.',
    not_a_number: 'Dette er ikke et telefonnummer: det indeholder bogstaver eller tegn, som et nummer ikke kan have.',
    scientific: 'Et regneark har lavet nummeret om til videnskabelig notation (som 4,52E+09) og mistet cifre. Formatér kolonnen som Tekst, og eksportér igen.',
    too_short: 'Nummeret er for kort.',
    too_long: 'Nummeret er for langt.',
    unknown_country_code: 'Intet land har denne landekode. Tjek cifrene efter + eller 00.',
    needs_country: 'Nummeret har ingen landekode. Vælg landet for numre uden +.',
    invalid: 'Intet land har et telefonnummer som dette. Tjek cifrene eller standardlandet.',
  },
  group: {
    notFound: 'Denne gruppe findes ikke længere.',
    nameTaken: 'Der findes allerede en gruppe med navnet "{name}".',
  },
  import: {
    fileEmpty: 'Filen er tom. Vælg filen med dine kontakter.',
    fileTooLarge: 'Filen fylder {size}; Besked kan importere filer på op til {max}. Del den op i mindre filer, eller fjern kolonner, du ikke skal bruge.',
    busy: 'Andre importer er stadig i gang. Vent, til de er færdige.',
    gone: 'Denne import er ikke længere tilgængelig. Vælg filen igen.',
    notCsv: {
      excel: 'Dette er en Excel-projektmappe, ikke en CSV-fil. Vælg i Excel Filer › Gem som › "CSV UTF-8 (kommasepareret)", og importér så den fil.',
      oldExcel: 'Dette er en gammel Excel-fil (.xls) eller Office-fil, ikke en CSV-fil. Vælg i Excel Filer › Gem som › "CSV UTF-8 (kommasepareret)", og importér så den fil.',
      spreadsheet: 'Dette er et LibreOffice-regneark, ikke en CSV-fil. Vælg Filer › Gem som › "Tekst CSV", og importér så den fil.',
      archive: 'Dette er et komprimeret arkiv. Pak det ud, og importér CSV-filen i det.',
      pdf: 'Dette er et PDF-dokument, ikke en CSV-fil. Eksportér listen som CSV fra det program, der lavede den.',
      image: 'Dette er et billede, ikke en CSV-fil.',
      webPage: 'Dette er en webside eller XML-fil, ikke en CSV-fil. Vælg i Excel Filer › Gem som › "CSV UTF-8 (kommasepareret)", og importér så den fil.',
      rtf: 'Dette er et Word/RTF-dokument, ikke en CSV-fil.',
      json: 'Dette er en JSON-fil, ikke en CSV-fil. Eksportér listen som CSV.',
    },
    notUtf8: 'Denne fil er ikke UTF-8-tekst. Vælg Windows-1252 (Latin-1) som tegnsæt, eller lad Besked finde det selv.',
    notUtf8Throughout: 'Denne fil er ikke UTF-8-tekst hele vejen igennem. Vælg Windows-1252 (Latin-1) som tegnsæt, og importér igen.',
    unreadable:
      'Besked kan ikke læse teksten i denne fil: den er hverken UTF-8-, UTF-16- eller Windows-1252-tekst. Vælg i Excel Filer › Gem som › "CSV UTF-8", og importér så den fil.',
    unclosedQuote:
      'Række {row} åbner et anførselstegn ("), der aldrig lukkes, så Besked kan ikke se, hvor rækken slutter. Ret anførselstegnene i den række (eller gem filen igen fra Excel), og importér igen. Intet blev importeret.',
    noRows: 'Filen er tom: der er ingen rækker i den. Vælg filen med dine kontakter.',
    headerOnly: 'Filen har en overskriftsrække, men ingen kontakter under den. Vælg filen med dine kontakter.',
    running: 'Denne fil er allerede ved at blive importeret.',
    alreadyDone: 'Denne fil er allerede importeret. Vælg den igen for at importere den en gang til.',
    cancelled: 'Importen blev annulleret. Intet blev ændret.',
    reportGone: 'Rapporten for denne import er ikke længere tilgængelig.',
    groupGone: 'Den valgte gruppe findes ikke længere. Vælg en anden gruppe, og importér igen.',
    groupNameTaken: 'Der findes allerede en gruppe med navnet "{name}". Vælg den som en eksisterende gruppe, eller vælg et andet navn.',
    mapping: {
      noPhone: 'Vælg den kolonne, der indeholder telefonnumrene.',
      twoPhones: 'Kun én kolonne kan være telefonnummeret. Sæt de andre til et eget felt eller "Spring over".',
      sameField: 'To kolonner går til samme felt ({field}). Vælg et andet felt til en af dem.',
    },
  },
  reply: {
    empty: 'Skriv et svar først.',
    optedOut: 'Dette nummer har afmeldt sig, så Besked skriver ikke til det. Hvis kunden har bedt om at høre fra dig igen, så tilmeld nummeret igen under Kontakter først.',
    tooLong: 'Dette svar fylder {parts} sms-dele; din grænse i Indstillinger er {cap}. Gør det kortere, eller hæv grænsen.',
    noSender: 'Vælg, hvem svaret er fra: angiv en standardafsender i Indstillinger, eller skriv en her.',
    badSender: 'En afsender er højst 11 bogstaver og cifre eller højst 15 cifre.',
  },
  account: {
    notEnabled: {
      keywords:
        'Nøgleord er ikke slået til på din gatewaykonto. Nøgleord kræver en særskilt aftale med gatewayen. Kontakt gatewayens support, og bed dem slå nøgleord til på din konto. Prøv så igen.',
      email: 'Afsendelse af e-mail er ikke slået til på din gatewaykonto. E-mail slås til efter aftale. Kontakt gatewayens support, og bed om adgang til e-mail. Prøv så igen.',
      lookup:
        'Nummeropslag er ikke slået til på din gatewaykonto. Kontakt gatewayens support, og bed dem slå nummeropslag (HLR) til på din konto. Prøv så igen.',
    },
    notEnabledSandbox: {
      keywords: 'Nøgleord er ikke slået til på din gatewaykonto. I Sandkasse har testgatewayen slået denne funktion fra.',
      email: 'Afsendelse af e-mail er ikke slået til på din gatewaykonto. I Sandkasse har testgatewayen slået denne funktion fra.',
      lookup: 'Nummeropslag er ikke slået til på din gatewaykonto. I Sandkasse har testgatewayen slået denne funktion fra.',
    },
  },
  refund: {
    notOvercharged:
      'Kun overtakserede beskeder (betalt over modtagerens telefonregning) kan refunderes. Denne besked blev betalt med din kontos saldo, så der er intet at give tilbage til modtageren.',
    chargePending: 'Gatewayen har endnu ikke meldt beskeden leveret og beløbet trukket. Vent på leveringsrapporten; kun trukne beløb kan refunderes.',
    chargeNotCaptured: 'Betalingsstatus er {status}. Kun beløb, som gatewayen melder som CAPTURED, kan refunderes.',
    notSentTo: 'Besked {id} blev ikke sendt til {msisdn}, så der er intet at refundere for det nummer.',
  },
  usage: {
    pickDates: 'Vælg en start- og en slutdato.',
    endBeforeStart: 'Slutdatoen ligger før startdatoen.',
    tooManyDays: 'Det er {days} dage, og Besked spørger gatewayen én gang pr. dag: vælg højst {max} dage, eller vis perioden pr. uge.',
    tooManyWeeks: 'Den periode har mere end {max} uger, og Besked spørger gatewayen én gang pr. uge: vælg en kortere periode.',
  },
  email: {
    noText: 'Skriv e-mailens tekst, som almindelig tekst, HTML eller begge dele.',
    attachmentsTooLarge: 'De vedhæftede filer fylder {mb} MB tilsammen; gatewayen tager højst 5 MB pr. e-mail. Fjern nogle, eller del store filer som et link.',
  },
  message: {
    notFound:
      'Gatewayen har ingen sendt besked med id {id}. Tjek nummeret. En besked kan først slås op lidt efter, at den er sendt; en planlagt besked er der ikke før sit afsendelsestidspunkt.',
  },
  sandbox: {
    liveMode:
      'Sandkasseværktøjerne virker kun i Sandkasse. Besked er forbundet til den rigtige gateway nu, hvor de ville nå rigtige telefoner, så intet blev gjort.',
    whoMissing: 'Vælg en kontakt eller skriv et telefonnummer (ikke begge).',
    gatewayRefused: 'Den indbyggede testgateway afviste dette (status {status}): {detail}',
  },
  pricing: {
    fetchFailed: 'Prislisten kunne ikke hentes: noget gik galt inde i Besked. Prøv venligst igen.',
  },
  automation: {
    notFound: 'Automatiseringen findes ikke længere.',
    missedNotRunning: 'Besked kørte ikke, da denne kørsel skulle ud, og fristen var overskredet, så den blev ikke sendt.',
    missedOffline: 'Gatewayen kunne ikke nås, før fristen var overskredet, så denne kørsel blev ikke sendt.',
    held: 'Denne kørsel blev holdt tilbage, og intet blev sendt: {reason} Dens kampagne venter som kladde under Kampagner: send eller slet den der.',
    alreadySent: 'Den var allerede sendt (eller slettet) hos gatewayen, så den kunne ikke trækkes tilbage.',
    notWithdrawn: '{count} beskeder, der var givet til gatewayen på forhånd, kunne ikke trækkes tilbage og kan stadig blive sendt.',
    skippedOptedOut: 'Nummeret har frameldt sig, så intet blev sendt.',
    skippedNoContact: 'Kontakten blev slettet, så intet blev sendt.',
    badTimeZone: 'Besked kender ikke tidszonen "{zone}". Vælg en fra listen, for eksempel Europe/Copenhagen.',
    unknownField: 'Kontakterne har intet felt "{field}". Vælg et datofelt, der findes.',
    unknownGroup: 'Den valgte gruppe findes ikke længere. Vælg en anden gruppe.',
    emptyText: 'Skriv den tekst, automatiseringen sender.',
    noKeywords: 'Giv reglen mindst ét nøgleord, eller gør den til reglen for alt andet.',
    keywordIsOptOut: '"{keyword}" er et afmeldingsord. Det afmelder altid afsenderen og kan ikke starte et autosvar.',
    keywordTaken: 'Nøgleordet "{keyword}" bruges allerede af den aktive regel "{name}".',
    fallbackTaken: 'Den aktive regel "{name}" svarer allerede på alt andet. Kun én regel kan det.',
    noRecipients: 'Ingen ville få beskeden: de valgte modtagere er tomme.',
    noMoreRuns: 'Automatiseringen har ikke flere kørsler: slutdatoen eller antallet af kørsler er nået.',
    unreadableDates: '{count} kontakter har en værdi i feltet, som Besked ikke kan læse som en dato.',
    attention: {
      held: '{count} kørsler blev holdt tilbage og ikke sendt. Send eller slet deres kladder under Kampagner.',
    },
    reply: {
      noRule: 'Ingen regel passede på teksten.',
      limited: 'Ikke besvaret: nummeret har allerede fået svaret inden for reglens grænse.',
      optedOut: 'Ikke besvaret: nummeret er afmeldt.',
      notAPhone: 'Ikke besvaret: afsenderen er ikke et telefonnummer (en kortkode, et navn eller et af dine egne numre).',
      loop: 'Ikke besvaret: nummeret sendte den samme tekst mere end 3 gange på en time, så Besked stoppede for at undgå en løkke.',
      optOutWord: 'Ikke besvaret: teksten er et afmeldingsord.',
      tooOld: 'Ikke besvaret: teksten kom, mens Besked var lukket, for længere siden end fristen.',
      failed: 'Svaret kunne ikke skrives.',
    },
    welcome: {
      paused: 'Ikke sendt: automatiseringen blev slået fra, før velkomstbeskeden blev sendt.',
      contactDeleted: 'Ikke sendt: kontakten er slettet.',
      optedOut: 'Ikke sendt: nummeret er afmeldt.',
      notAPhone: 'Ikke sendt: kontaktens nummer er ikke et telefonnummer.',
    },
  },
  team: {
    signInNeeded: 'Log ind først: denne Besked-server vil vide, hvem du er.',
    notAllowed: 'Kun butikkens ejer må gøre dette ({call}). Bed en ejer om at gøre det eller ændre din rolle.',
    notAServer: 'Dette er Besked på én pc: der er ingen konti. Start en Besked-server for at arbejde som team.',
    setupDone: 'Denne server har allerede sin ejer. Log ind, eller bed ejeren om en invitation.',
    wrongCredentials: 'Navn og adgangskode passer ikke sammen. Tjek begge og prøv igen.',
    slowDown: 'For mange forkerte adgangskoder. Vent {seconds} sekunder, og prøv så igen.',
    locked: 'For mange forkerte adgangskoder: kontoen er låst i {minutes} minutter. En ejer kan ophæve låsen ved at nulstille din adgangskode.',
    sessionExpired: 'Du er blevet logget ud. Log ind igen.',
    linkInvalid: 'Linket er brugt, trukket tilbage eller udløbet. Bed en ejer om et nyt.',
    nameTaken: 'Der er allerede en på holdet, der hedder {name}. Vælg et andet navn.',
    lastOwner: 'En Besked-server skal have mindst én ejer. Gør en anden til ejer først.',
    noSuchUser: 'Brugeren er ikke længere på holdet.',
    wrongPassword: 'Din nuværende adgangskode er forkert. Intet blev ændret.',
  },

  remote: {
    onServer: 'Dette er en Besked-server: forbind til den fra skrivebordsappens Indstillinger, ikke fra selve serveren.',
  },

  audit: {
    readOnly: 'Revisionssporet kan ikke ændres.',
    badTime: '{value} er ikke et tidspunkt. Vælg perioden igen.',
  },

  conversation: {
    noSuchColleague: 'Den kollega er ikke længere på holdet. Vælg en anden.',
  },

};
