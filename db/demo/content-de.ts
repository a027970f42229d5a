import type { CountryContent } from "./content-types.ts";

/** Demo content for Germany: German texts, EUR rates. */
export const de: CountryContent = {
  code: "DE",
  language: "de",
  currency: "EUR",
  rateRange: [14, 28],
  cities: [
    "Berlin",
    "Hamburg",
    "München",
    "Köln",
    "Frankfurt am Main",
    "Stuttgart",
    "Düsseldorf",
    "Leipzig",
    "Dortmund",
    "Essen",
    "Bremen",
    "Dresden",
    "Hannover",
    "Nürnberg",
    "Freiburg im Breisgau",
  ],
  maleFirstNames: [
    "Lukas",
    "Jonas",
    "Leon",
    "Felix",
    "Maximilian",
    "Paul",
    "Tim",
    "Jan",
    "Niklas",
    "Moritz",
    "Tobias",
    "Stefan",
    "Thomas",
    "Michael",
    "Andreas",
    "Markus",
    "Daniel",
    "Sebastian",
    "Florian",
    "Kevin",
    "Mehmet",
    "Emre",
  ],
  femaleFirstNames: [
    "Anna",
    "Laura",
    "Julia",
    "Lena",
    "Sarah",
    "Lisa",
    "Katharina",
    "Sophie",
    "Marie",
    "Hannah",
    "Lea",
    "Johanna",
    "Sabine",
    "Nicole",
    "Claudia",
    "Melanie",
    "Jana",
    "Franziska",
    "Vanessa",
    "Elif",
    "Aylin",
    "Svenja",
  ],
  lastNames: [
    "Müller",
    "Schmidt",
    "Schneider",
    "Fischer",
    "Weber",
    "Meyer",
    "Wagner",
    "Becker",
    "Schulz",
    "Hoffmann",
    "Schäfer",
    "Koch",
    "Bauer",
    "Richter",
    "Klein",
    "Wolf",
    "Schröder",
    "Neumann",
    "Schwarz",
    "Zimmermann",
    "Braun",
    "Krüger",
    "Hartmann",
    "Lange",
    "Yılmaz",
    "Kowalski",
  ],
  companies: [
    "Café Kornblume",
    "Bauunternehmen Krüger GmbH",
    "Glanzwerk Gebäudereinigung",
    "Umzüge Schneider & Sohn",
    "Bäckerei Hoffmann",
    "Getränkemarkt Am Ring",
    "Partyservice Tafelfreude",
    "Hofgut Lindenhain",
    "Fliesen Yılmaz",
    "Logistikzentrum Nordhafen GmbH",
    "Gartenbau Grünwerk",
    "Biomarkt Sonnenblume",
    "Malerbetrieb Weber",
    "Kurierdienst Blitzbote",
    "Eventcatering Löffel & Gabel",
    "Hausmeisterservice Becker",
    "Weingut Sonnenhang",
  ],
  bios: {
    worker: [
      "Gelernter Maurer mit über zehn Jahren Erfahrung, ich übernehme gern Einsätze am Wochenende. Werkzeug bringe ich selbst mit.",
      "Ich studiere BWL im dritten Semester und suche flexible Jobs neben dem Studium. Erfahrung habe ich im Service und als Promoterin.",
      "Ich helfe bei Umzügen und Entrümpelungen, bin kräftig und pünktlich. Kurzfristige Einsätze sind kein Problem.",
      "Ich reinige Wohnungen und Büros, auch nach Renovierungen. Gründlich, zuverlässig und diskret.",
      "Ich habe einen eigenen Transporter und den Führerschein Klasse B und übernehme gern Lieferfahrten in der Region.",
      "Als Rentner und Hobbygärtner helfe ich gern bei Rasen, Hecken und Obstbäumen. Am liebsten bin ich draußen.",
      "Ich bin Koch mit Catering-Erfahrung und aktueller Hygienebelehrung und suche einzelne Schichten.",
      "Ich war mehrere Jahre im Einzelhandel tätig und kenne mich mit Warenverräumung und Inventur aus.",
      "Handwerklich geschickt: Ich baue Möbel auf, bringe Regale an und erledige kleine Reparaturen – schnell und sauber.",
    ],
    employer: [
      "Ich führe eine kleine Bäckerei und brauche an Wochenenden und vor Feiertagen oft Aushilfen. Bezahlt wird zuverlässig am Ende des Einsatzes.",
      "Wir sind ein kleiner Renovierungsbetrieb und suchen zuverlässige Helfer für kurze Projekte.",
      "Als Eventcaterer suchen wir regelmäßig Servicekräfte und Küchenhilfen für Hochzeiten und Firmenfeiern.",
      "Auf unserem Obsthof brauchen wir zur Erntezeit jedes Jahr helfende Hände.",
      "Ich leite das Lager eines Onlinehändlers. Für Inventuren suchen wir regelmäßig Helfer für ein paar Tage.",
      "Wir sind ein Reinigungsunternehmen und holen uns für Großaufträge zusätzliche Unterstützung.",
      "Wir betreiben einen mobilen Kaffeestand und sind im Sommer auf Festivals und Märkten unterwegs – dafür suchen wir Baristas.",
      "Ich ziehe demnächst um und suche kräftige Helfer und jemanden für den Möbelaufbau.",
      "Unsere drei Getränkemärkte brauchen vor Feiertagen Unterstützung beim Einräumen und an der Kasse.",
    ],
  },
  jobs: {
    construction: [
      {
        title: "Badezimmer fliesen (ca. 6 m² Boden und Wände)",
        description:
          "Für unser Bad im Altbau suchen wir eine erfahrene Fliesenlegerin oder einen erfahrenen Fliesenleger. Geplant sind 3 bis 4 Tage ab Montag, jeweils ab 8 Uhr. Fliesen, Kleber und Fugenmasse sind vorhanden; eigenes Werkzeug wie Fliesenschneider und Wasserwaage bitte mitbringen.",
        skills: ["Fliesenlegen", "Verfugen", "Genauigkeit"],
      },
      {
        title: "Bauhelfer (m/w/d) für den Rohbau eines Einfamilienhauses",
        description:
          "Wir suchen zwei Helfer für den Rohbau: Porenbetonsteine abladen, Mörtel anmischen und Material an die Maurer reichen. Einsatz 5 Tage, Montag bis Freitag von 7 bis 16 Uhr. Handschuhe, Helm und Warnweste stellen wir, Sicherheitsschuhe (S3) bitte selbst mitbringen.",
        skills: ["Materialtransport", "Mörtel anmischen", "körperliche Belastbarkeit"],
      },
      {
        title: "Wände streichen in einer 3-Zimmer-Wohnung",
        description:
          "Nach dem Auszug des Vormieters müssen zwei Zimmer, Flur und Küche weiß gestrichen werden, die Wände sind bereits gespachtelt. Zeitraum: Samstag und Sonntag, Beginn jeweils um 9 Uhr. Farbe, Rollen und Abdeckmaterial sind da – wir suchen jemanden mit Erfahrung und sauberer Arbeitsweise.",
        skills: ["Malerarbeiten", "Abkleben", "saubere Arbeitsweise"],
      },
      {
        title: "Abbrucharbeiten: alte Fliesen entfernen und Schutt entsorgen",
        description:
          "In einer Wohnung im 2. OG sollen die alten Fliesen in Bad und Küche abgeschlagen und der Schutt in Säcken zum Container gebracht werden. Einsatz 2 Tage ab 8 Uhr. Bohrhammer und Schuttsäcke stellen wir, bitte Arbeitshandschuhe, Schutzbrille und FFP2-Maske mitbringen.",
        skills: ["Abbrucharbeiten", "Bohrhammer", "Schuttentsorgung"],
      },
    ],
    delivery: [
      {
        title: "Flyer verteilen im Stadtteil",
        description:
          "Zur Neueröffnung unserer Bäckerei sollen rund 3.000 Flyer in Briefkästen im Viertel verteilt werden. 3 Tage à 4–5 Stunden, die Zeit teilst du dir zwischen 9 und 19 Uhr selbst ein. Flyer und Straßenliste bekommst du von uns, bequeme Schuhe und ein Smartphone für Fotonachweise brauchst du selbst. Briefkästen mit „Keine Werbung“-Aufkleber bitte auslassen.",
        skills: ["Flyerverteilung", "Zuverlässigkeit", "Ortskenntnis"],
      },
      {
        title: "Fahrradkurier für Essenslieferungen am Wochenende",
        description:
          "Du lieferst Essen aus unserem Restaurant an Kundinnen und Kunden im Umkreis von 3 km aus. Schichten am Samstag und Sonntag von 17 bis 22 Uhr. Eine Thermotasche stellen wir, du brauchst ein verkehrstaugliches Fahrrad und ein Smartphone mit mobilem Internet.",
        skills: ["Fahrradfahren", "Essenslieferung", "Pünktlichkeit"],
      },
      {
        title: "Auslieferungsfahrer (m/w/d) mit Führerschein Klasse B",
        description:
          "Für einen Onlineshop für Haushaltsgeräte liefern Sie Pakete aus, etwa 20 Stopps pro Tag. Einsatz 5 Tage von 8 bis 17 Uhr, ein 3,5-t-Transporter wird gestellt. Voraussetzung sind der Führerschein Klasse B, gute Deutschkenntnisse und Erfahrung im Stadtverkehr.",
        skills: ["Führerschein Klasse B", "Transporter fahren", "Tourenplanung"],
      },
      {
        title: "Beifahrer für Getränkelieferungen",
        description:
          "Wir beliefern Büros und Gastronomie mit Getränkekisten und Wasserspender-Flaschen. Für 4 Tage suchen wir einen Beifahrer, der beim Tragen hilft, Arbeitszeit 7 bis 15 Uhr. Arbeitskleidung wird gestellt, Sie sollten körperlich fit sein.",
        skills: ["Tragen schwerer Lasten", "Kundenfreundlichkeit"],
      },
    ],
    cleaning: [
      {
        title: "Bauendreinigung nach Renovierung",
        description:
          "Nach der Sanierung einer 90-m²-Wohnung liegt überall Baustaub, auf Fliesen und Fenstern sind Farb- und Mörtelreste. Wir brauchen zwei Personen für einen Tag, von 8 bis 18 Uhr. Staubsauger, Reinigungsmittel und Schaber stellen wir, bitte Wechselkleidung und Handschuhe mitbringen.",
        skills: ["Bauendreinigung", "Fensterreinigung", "Gründlichkeit"],
      },
      {
        title: "Grundreinigung eines Büros am Samstag",
        description:
          "Unser Büro mit ca. 250 m² soll vor dem Einzug neuer Kolleginnen und Kollegen gründlich gereinigt werden: Böden, Teeküche, Sanitärräume, Schreibtische und Fensterbänke. Einsatz am Samstag von 9 bis 17 Uhr. Reinigungsgeräte und -mittel sind vor Ort.",
        skills: ["Grundreinigung", "Sanitärreinigung"],
      },
      {
        title: "Schaufenster putzen in zwei Filialen",
        description:
          "Die großen Schaufenster unserer zwei Läden müssen innen und außen geputzt werden. Ein Tag, Beginn um 6:30 Uhr, damit wir vor Ladenöffnung fertig sind. Leiter, Abzieher und Reinigungsmittel sind vorhanden, Erfahrung im Fensterputzen ist ein Plus.",
        skills: ["Glasreinigung", "Arbeiten auf der Leiter"],
      },
      {
        title: "Aufräumen und Reinigen nach einer Hochzeitsfeier",
        description:
          "Nach einer Hochzeit mit 120 Gästen muss der Festsaal wieder auf Vordermann gebracht werden: Geschirr abräumen, Tischdecken abziehen, Müll trennen, Böden wischen. Sonntag ab 8 Uhr, etwa 6 Stunden. Handschuhe und Material sind vor Ort, Frühstück für alle Helfer inklusive.",
        skills: ["Reinigung", "Mülltrennung", "Teamarbeit"],
      },
    ],
    catering: [
      {
        title: "Aushilfe am Burgerstand auf dem Streetfood-Festival",
        description:
          "Für unseren Burgerstand auf dem Streetfood-Festival suchen wir Verstärkung: Bestellungen zusammenstellen, ausgeben und den Stand sauber halten. Freitag bis Sonntag, jeweils von 11 bis 22 Uhr. Schürze und Cap bekommst du von uns, eine Belehrung nach § 43 Infektionsschutzgesetz ist Voraussetzung.",
        skills: ["Infektionsschutzbelehrung", "Essensausgabe", "Belastbarkeit"],
      },
      {
        title: "Servicekräfte für eine Hochzeitsfeier",
        description:
          "Für eine Hochzeit mit 80 Gästen suchen wir erfahrene Servicekräfte: Speisen servieren, Getränke ausschenken, Tische abräumen. Samstag von 14 bis ca. 1 Uhr, Einweisung eine Stunde vorher. Bitte schwarze Hose, weißes Hemd oder weiße Bluse und schwarze Schuhe tragen; Verpflegung ist inklusive.",
        skills: ["Service", "Drei-Teller-Tragen", "gepflegtes Auftreten"],
      },
      {
        title: "Küchenhilfe im Ausflugslokal am Wochenende",
        description:
          "Unser Ausflugslokal sucht Unterstützung in der Küche: Spülen, Gemüse putzen und schneiden, Vorbereitung für den Mittagstisch. Samstag und Sonntag von 8 bis 16 Uhr. Arbeitskleidung und Mittagessen sind inklusive, eine Belehrung nach IfSG ist erforderlich.",
        skills: ["Spülküche", "Gemüse schneiden", "Hygienebelehrung"],
      },
      {
        title: "Barista (m/w/d) für den Weihnachtsmarkt",
        description:
          "An unserem Kaffeestand auf dem Weihnachtsmarkt brauchen wir an einem Wochenende Verstärkung: Espresso, Cappuccino, heiße Schokolade zubereiten und kassieren. Samstag und Sonntag von 11 bis 21 Uhr. Siebträgermaschine und Bohnen stellen wir, mindestens ein halbes Jahr Erfahrung am Siebträger ist Pflicht.",
        skills: ["Siebträger", "Kassieren", "Freundlichkeit"],
      },
    ],
    moving: [
      {
        title: "Umzug aus dem 5. OG ohne Aufzug",
        description:
          "Wir ziehen aus einer 2-Zimmer-Wohnung im 5. Stock (Altbau, kein Aufzug) aus: Sofa, Schränke, Kühlschrank, Waschmaschine und rund 40 Kartons. Gesucht sind 3 kräftige Helfer für einen Tag, Start um 9 Uhr. Der Transporter mit Fahrer ist gebucht, Tragegurte und Packdecken sind vorhanden.",
        skills: ["Möbel tragen", "Umzugshilfe", "Sorgfalt"],
      },
      {
        title: "Büroumzug: Helfer für zwei Tage",
        description:
          "Wir ziehen mit 30 Arbeitsplätzen ins Nachbargebäude: Tische abbauen, Technik verpacken, verladen und am neuen Standort wieder aufstellen. Freitag ab 17 Uhr und Samstag ganztägig. Werkzeug, Kartons und Stretchfolie stellen wir.",
        skills: ["Möbelmontage", "Verpacken", "Akkuschrauber"],
      },
      {
        title: "Lkw entladen im Lager",
        description:
          "Für unser Lager suchen wir Helfer zum Entladen von Lkw mit Drogerieartikeln: Kartons mit 10–20 kg von Hand entladen und auf Paletten stapeln. Einsatz 3 Tage von 6 bis 14:30 Uhr, inklusive 30 Minuten Pause. Handschuhe werden gestellt, Sicherheitsschuhe sind Pflicht.",
        skills: ["Entladen", "Palettieren", "körperliche Fitness"],
      },
      {
        title: "Möbelaufbau nach dem Umzug",
        description:
          "Nach dem Umzug müssen ein Schwebetürenschrank, eine Küchenzeile und zwei Betten aufgebaut werden, alle Teile und Anleitungen sind da. Etwa 2 Tage, Termin nach Absprache. Bitte eigenes Werkzeug mitbringen: Akkuschrauber, Wasserwaage und Bit-Set.",
        skills: ["Möbelaufbau", "Akkuschrauber", "Aufbauanleitungen lesen"],
      },
    ],
    landscaping: [
      {
        title: "Frühjahrsputz im Garten nach dem Winter",
        description:
          "In unserem Garten müssen Laub und abgebrochene Äste vom Winter weg, die Beete umgegraben und die Sträucher zurückgeschnitten werden. 2 Tage am Wochenende ab 9 Uhr. Rechen, Gartenschere und Schubkarre sind da, mittags gibt es etwas zu essen – bitte Arbeitskleidung mitbringen.",
        skills: ["Gartenpflege", "Strauchschnitt", "Beetpflege"],
      },
      {
        title: "Rasen mähen und Hecke schneiden",
        description:
          "Auf einem 800-m²-Grundstück sollen der Rasen gemäht und eine etwa 30 m lange Thujahecke geschnitten werden. Ein Tag ab 8 Uhr. Rasenmäher und Heckenschere stellen wir, Erfahrung mit Motorgeräten und eine Schutzbrille bringst du mit.",
        skills: ["Rasenmähen", "Heckenschnitt", "Motorgeräte"],
      },
      {
        title: "Blumen pflanzen rund um unsere Café-Terrasse",
        description:
          "Für die Sommersaison bepflanzen wir Beete und Kübel rund um unsere Café-Terrasse, insgesamt etwa 300 Pflanzen. 2 Tage von 8 bis 16 Uhr. Pflanzen, Erde und Werkzeug sind vorhanden – Sorgfalt und ein grüner Daumen sind willkommen.",
        skills: ["Pflanzarbeiten", "Beetgestaltung"],
      },
      {
        title: "Laub rechen und Garten winterfest machen",
        description:
          "Im Herbst soll das Laub auf dem Grundstück zusammengerecht, die Rosen abgedeckt und die Gartenmöbel in den Schuppen geräumt werden. 3 Tage à 6 Stunden. Geräte und Laubsäcke stellen wir, ein warmes Mittagessen ist inklusive.",
        skills: ["Laubbeseitigung", "Winterschutz für Pflanzen"],
      },
    ],
    retail: [
      {
        title: "Regale auffüllen vor Ostern",
        description:
          "Vor den Feiertagen brauchen wir im Supermarkt Unterstützung: Ware einräumen, Mindesthaltbarkeitsdaten prüfen, Preisschilder anbringen. 5 Tage in der Frühschicht von 6 bis 14 Uhr. Arbeitskleidung wird gestellt, die Belehrung nach IfSG machen wir vor Ort.",
        skills: ["Warenverräumung", "MHD-Kontrolle", "Sorgfalt"],
      },
      {
        title: "Inventurhelfer (m/w/d) im Baustofflager",
        description:
          "Zur Jahresinventur zählen wir unser Baustofflager komplett durch: Ware zählen, mit dem Handscanner erfassen, Paletten kennzeichnen. 3 Tage von 7 bis 16 Uhr, Einweisung in den Scanner vor Ort. Konzentration ist wichtig; das Lager ist unbeheizt, also bitte warme Kleidung mitbringen.",
        skills: ["Inventur", "Handscanner", "Konzentration"],
      },
      {
        title: "Promoter (m/w/d) für Verkostung im Supermarkt",
        description:
          "In mehreren Supermärkten stellen wir unseren neuen Joghurt vor: Kundinnen und Kunden ansprechen, Proben anbieten und das Produkt erklären. Freitag und Samstag von 12 bis 19 Uhr. Outfit und Ware stellen wir, Sie sollten kommunikativ sein und gut Deutsch sprechen.",
        skills: ["Promotion", "Kundenansprache", "Kommunikationsstärke"],
      },
      {
        title: "Geschenke verpacken im Einkaufszentrum",
        description:
          "In der Adventszeit betreiben wir einen Geschenkverpackungsstand im Einkaufszentrum: Einkäufe mit Papier und Schleifen hübsch verpacken. 4 Tage von 10 bis 20 Uhr. Material und Einarbeitung gibt es von uns, wir suchen jemanden mit Geschick und Freundlichkeit.",
        skills: ["Geschenkverpackung", "Kundenservice", "Fingerfertigkeit"],
      },
    ],
    other: [
      {
        title: "Lesehelfer für die Weinlese",
        description:
          "Unser Weingut sucht Lesehelferinnen und Lesehelfer für die Handlese im Steilhang. Eine Woche, täglich von 7:30 bis 16 Uhr, bei starkem Regen wird pausiert. Scheren und Eimer stellen wir, Mittagessen und Getränke gibt es im Weinberg; festes Schuhwerk und Regenkleidung bitte mitbringen.",
        skills: ["Weinlese", "Trittsicherheit", "Ausdauer"],
      },
      {
        title: "Auf- und Abbauhelfer für ein Open-Air-Konzert",
        description:
          "Für ein Open-Air-Konzert suchen wir Helfer für den Aufbau von Bühne, Absperrgittern und 500 Stühlen sowie für den Abbau danach. Freitag ab 8 Uhr und Sonntag ab 22 Uhr. Handschuhe und Werkzeug stellen wir; Arbeitsschuhe und Pünktlichkeit sind Pflicht.",
        skills: ["Veranstaltungsaufbau", "Teamarbeit", "Pünktlichkeit"],
      },
      {
        title: "Aushilfe in der Handwaschanlage",
        description:
          "Unsere Handwaschanlage sucht Verstärkung am Wochenende: Fußmatten reinigen, Karosserie trocknen, Innenraum saugen. Samstag und Sonntag von 9 bis 19 Uhr. Arbeitskleidung und Reinigungsmittel werden gestellt, Erfahrung ist nicht nötig – wir lernen dich ein.",
        skills: ["Fahrzeugpflege", "Innenraumreinigung"],
      },
      {
        title: "Winterdienst: Schnee räumen auf dem Firmengelände",
        description:
          "Nach starkem Schneefall müssen Gehwege, Parkplätze und Zufahrten auf unserem Firmengelände geräumt und gestreut werden. Einsatz 2 Tage ab 5 Uhr morgens. Schaufeln, Streugut und Warnwesten stellen wir, bitte warme, wasserfeste Kleidung mitbringen.",
        skills: ["Schneeräumen", "Streudienst", "Frühaufsteher"],
      },
    ],
  },
};
