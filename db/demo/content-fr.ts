import type { CountryContent } from "./content-types.ts";

/** Demo content for France: French texts, EUR rates. */
export const fr: CountryContent = {
  code: "FR",
  language: "fr",
  currency: "EUR",
  rateRange: [12, 25],
  cities: [
    "Paris",
    "Marseille",
    "Lyon",
    "Toulouse",
    "Nice",
    "Nantes",
    "Montpellier",
    "Strasbourg",
    "Bordeaux",
    "Lille",
    "Rennes",
    "Reims",
    "Grenoble",
    "Dijon",
    "Angers",
  ],
  maleFirstNames: [
    "Lucas",
    "Hugo",
    "Louis",
    "Gabriel",
    "Arthur",
    "Jules",
    "Nathan",
    "Thomas",
    "Théo",
    "Antoine",
    "Julien",
    "Nicolas",
    "Maxime",
    "Alexandre",
    "Mathieu",
    "Romain",
    "Kévin",
    "Sébastien",
    "Florian",
    "Karim",
    "Mehdi",
    "Baptiste",
  ],
  femaleFirstNames: [
    "Camille",
    "Léa",
    "Manon",
    "Chloé",
    "Emma",
    "Inès",
    "Sarah",
    "Julie",
    "Marion",
    "Pauline",
    "Laura",
    "Clara",
    "Élodie",
    "Audrey",
    "Lucie",
    "Mathilde",
    "Céline",
    "Amandine",
    "Nadia",
    "Yasmine",
    "Charlotte",
    "Margaux",
  ],
  lastNames: [
    "Martin",
    "Bernard",
    "Dubois",
    "Thomas",
    "Robert",
    "Richard",
    "Petit",
    "Durand",
    "Leroy",
    "Moreau",
    "Simon",
    "Laurent",
    "Lefebvre",
    "Michel",
    "Garcia",
    "David",
    "Bertrand",
    "Roux",
    "Vincent",
    "Fournier",
    "Morel",
    "Girard",
    "André",
    "Mercier",
    "Dupont",
    "Lambert",
    "Bonnet",
    "Benali",
  ],
  companies: [
    "Café des Arts",
    "Boulangerie Dupont",
    "Bâtiment Moreau & Fils",
    "Nettoyage Éclat Pro",
    "Déménagements Lambert",
    "Traiteur Saveurs du Sud",
    "Ferme du Vieux Chêne",
    "Épicerie Chez Karim",
    "Transports Girard Logistique",
    "Jardins de Provence Paysage",
    "Carrelage Martin",
    "Bistrot Le Comptoir",
    "Rapid'Colis Livraison",
    "Supérette du Marché",
    "Domaine des Trois Vallées",
    "Réceptions & Buffets Lefebvre",
  ],
  bios: {
    worker: [
      "Maçon de métier depuis plus de dix ans, je prends des missions le week-end. Je viens avec mon propre outillage.",
      "Étudiante en deuxième année de licence, je cherche des missions ponctuelles. J'ai déjà travaillé comme serveuse et animatrice commerciale.",
      "Je fais des déménagements et de la manutention : je suis costaud, ponctuel et disponible rapidement.",
      "Je fais le ménage chez les particuliers et dans les bureaux, y compris après travaux. Travail soigné et discret.",
      "J'ai une camionnette et le permis B, je peux assurer des livraisons dans toute l'agglomération.",
      "Jeune retraité et passionné de jardinage, j'aide volontiers pour la tonte, les haies et les arbres fruitiers.",
      "Cuisinier avec de l'expérience en traiteur et en restauration collective, je cherche des extras.",
      "J'ai travaillé plusieurs années en grande surface : la mise en rayon et les inventaires n'ont pas de secret pour moi.",
      "Bricoleur polyvalent : montage de meubles, pose d'étagères, petites réparations. Rapide et propre.",
    ],
    employer: [
      "Je tiens une petite boulangerie et j'ai souvent besoin de renfort le week-end et pendant les fêtes. Je paie toujours à la fin de la mission.",
      "Nous sommes une petite entreprise de rénovation et cherchons des manœuvres fiables pour des chantiers courts.",
      "Traiteur événementiel, nous recrutons régulièrement des serveurs et des commis pour des mariages et des séminaires.",
      "Dans notre verger, nous avons besoin de bras chaque année au moment de la récolte.",
      "Je gère l'entrepôt d'un site de vente en ligne ; pour les inventaires, nous cherchons du renfort pendant quelques jours.",
      "Entreprise de nettoyage, nous faisons appel à des renforts pour les gros chantiers.",
      "Nous tenons un café ambulant et faisons les marchés et les festivals l'été : nous cherchons des baristas.",
      "Je déménage bientôt et je cherche des bras, ainsi qu'une personne pour monter les meubles.",
      "Gérant de deux supérettes de quartier, j'ai besoin d'aide pour la mise en rayon avant les fêtes.",
    ],
  },
  jobs: {
    construction: [
      {
        title: "Pose de carrelage dans une salle de bains",
        description:
          "Nous cherchons un carreleur expérimenté pour poser le carrelage au sol et aux murs d'une salle de bains d'environ 5 m². Chantier de 3 à 4 jours à partir de lundi, de 8 h à 17 h. Carreaux, colle et joints sont déjà achetés ; merci de venir avec votre outillage (coupe-carreaux, niveau, auge).",
        skills: ["pose de carrelage", "réalisation des joints", "précision"],
      },
      {
        title: "Manœuvre sur un chantier de maison individuelle",
        description:
          "Pour la construction d'une maison en parpaings, nous recherchons deux manœuvres : déchargement des matériaux, préparation du mortier, approvisionnement des maçons. Mission de 5 jours, du lundi au vendredi, de 7 h 30 à 16 h 30. Gants, casque et gilet fournis ; chaussures de sécurité obligatoires.",
        skills: ["manutention", "préparation du mortier", "endurance physique"],
      },
      {
        title: "Peinture des murs d'un appartement T3",
        description:
          "Deux chambres, le couloir et la cuisine sont à repeindre en blanc ; les murs sont déjà enduits et poncés. Travail prévu samedi et dimanche à partir de 9 h. Peinture, rouleaux et bâches sont sur place, nous cherchons quelqu'un de soigneux et expérimenté.",
        skills: ["peinture en bâtiment", "protection des sols", "soin"],
      },
      {
        title: "Dépose d'ancien carrelage et évacuation des gravats",
        description:
          "Dans un appartement au 2e étage, il faut casser l'ancien carrelage de la salle de bains et de la cuisine, puis descendre les gravats en sacs jusqu'à la benne. Deux jours, début à 8 h. Perforateur et sacs à gravats fournis ; apportez gants, lunettes de protection et masque FFP2.",
        skills: ["démolition", "perforateur", "évacuation de gravats"],
      },
    ],
    delivery: [
      {
        title: "Distribution de flyers dans les boîtes aux lettres",
        description:
          "Pour l'ouverture de notre boulangerie, nous faisons distribuer environ 3 000 flyers dans les boîtes aux lettres du quartier. 3 jours de 4 à 5 heures, horaires libres entre 9 h et 19 h. Flyers et plan des rues fournis ; prévoyez de bonnes chaussures et un smartphone pour les photos de contrôle. Merci de respecter les autocollants « Stop Pub ».",
        skills: ["distribution de prospectus", "autonomie", "fiabilité"],
      },
      {
        title: "Livreur à vélo le week-end",
        description:
          "Vous livrez les commandes de notre restaurant dans un rayon de 3 km. Créneaux le samedi et le dimanche de 18 h à 22 h 30. Sac isotherme fourni ; il vous faut un vélo en bon état et un smartphone avec des données mobiles.",
        skills: ["vélo", "livraison de repas", "ponctualité"],
      },
      {
        title: "Chauffeur-livreur permis B",
        description:
          "Livraison de colis pour une boutique en ligne d'électroménager, environ 20 arrêts par jour. Mission de 5 jours, de 8 h à 17 h, utilitaire de 12 m³ fourni. Permis B depuis au moins 2 ans et aisance dans la circulation urbaine exigés.",
        skills: ["permis B", "conduite d'utilitaire", "organisation"],
      },
      {
        title: "Aide-livreur de bonbonnes d'eau",
        description:
          "Nous livrons des bonbonnes d'eau de 19 litres dans des bureaux et des commerces. Nous cherchons un aide-livreur pour 4 jours, de 7 h à 15 h, avec port de charges dans les étages. Tenue fournie, bonne condition physique indispensable.",
        skills: ["port de charges", "sens du service"],
      },
    ],
    cleaning: [
      {
        title: "Nettoyage de fin de chantier",
        description:
          "Après la rénovation d'un appartement de 90 m², il reste de la poussière partout ainsi que des traces de peinture et de joint sur le carrelage et les vitres. Nous cherchons deux personnes pour une journée, de 8 h à 18 h. Aspirateur, produits et grattoirs fournis ; prévoyez une tenue de rechange et des gants.",
        skills: ["nettoyage de fin de chantier", "lavage de vitres", "minutie"],
      },
      {
        title: "Grand ménage de bureaux un samedi",
        description:
          "Nos bureaux d'environ 250 m² doivent être nettoyés à fond avant l'arrivée de nouveaux collaborateurs : sols, kitchenette, sanitaires, bureaux et rebords de fenêtres. Samedi de 9 h à 17 h. Matériel et produits sur place.",
        skills: ["nettoyage en profondeur", "entretien des sanitaires"],
      },
      {
        title: "Lavage des vitrines de deux boutiques",
        description:
          "Les grandes vitrines de nos deux boutiques sont à laver à l'intérieur et à l'extérieur. Une journée, début à 6 h 30 pour finir avant l'ouverture. Escabeau, raclette et produits fournis ; une expérience en nettoyage de vitres est un plus.",
        skills: ["lavage de vitres", "travail sur escabeau"],
      },
      {
        title: "Remise en état d'une salle après un mariage",
        description:
          "Après un mariage de 120 invités, la salle doit être remise en état : débarrasser la vaisselle, retirer les nappes, trier les déchets, laver les sols. Dimanche à partir de 8 h, environ 6 heures de travail. Gants et matériel sur place, petit-déjeuner offert à l'équipe.",
        skills: ["nettoyage", "tri des déchets", "travail en équipe"],
      },
    ],
    catering: [
      {
        title: "Renfort sur un stand de crêpes au festival gastronomique",
        description:
          "Pour notre stand de crêpes et galettes au festival gastronomique, nous cherchons du renfort : préparer les commandes, servir, garder le stand propre. Du vendredi au dimanche, de 11 h à 22 h. Tablier et casquette fournis ; une expérience en restauration rapide est appréciée.",
        skills: ["service au comptoir", "hygiène alimentaire", "résistance au stress"],
      },
      {
        title: "Serveur ou serveuse pour un mariage",
        description:
          "Pour un mariage de 80 personnes, nous recherchons des serveurs expérimentés : service à l'assiette, service des boissons, débarrassage. Samedi de 15 h à 2 h, briefing une heure avant. Tenue exigée : pantalon noir, chemise blanche et chaussures noires ; repas fourni.",
        skills: ["service à l'assiette", "port de plateau", "présentation soignée"],
      },
      {
        title: "Commis de cuisine et plonge le week-end",
        description:
          "Notre brasserie cherche un renfort en cuisine : plonge, épluchage et taille des légumes, mise en place pour le service du midi. Samedi et dimanche, de 8 h à 16 h. Tenue et repas fournis, notions d'hygiène HACCP souhaitées.",
        skills: ["plonge", "taille des légumes", "HACCP"],
      },
      {
        title: "Barista pour un marché de Noël",
        description:
          "Sur notre stand de café au marché de Noël, nous cherchons un ou une barista pour un week-end : expressos, cappuccinos, chocolats chauds et encaissement. Samedi et dimanche, de 11 h à 21 h. Machine et café fournis ; six mois d'expérience minimum sur machine expresso professionnelle.",
        skills: ["préparation du café", "encaissement", "amabilité"],
      },
    ],
    moving: [
      {
        title: "Déménagement d'un T2 au 5e étage sans ascenseur",
        description:
          "Nous déménageons d'un T2 situé au 5e étage sans ascenseur : canapé, armoires, réfrigérateur, lave-linge et une quarantaine de cartons. Nous cherchons 3 personnes costaudes pour une journée, rendez-vous à 9 h. Le camion avec chauffeur est réservé, sangles et couvertures de protection fournies.",
        skills: ["port de meubles", "aide au déménagement", "soin"],
      },
      {
        title: "Déménagement de bureaux sur deux jours",
        description:
          "Nous transférons 30 postes de travail dans le bâtiment voisin : démontage des bureaux, emballage du matériel informatique, chargement puis réinstallation. Vendredi à partir de 17 h et samedi toute la journée. Outils, cartons et film étirable fournis.",
        skills: ["montage de meubles", "emballage", "visseuse"],
      },
      {
        title: "Déchargement de camions en entrepôt",
        description:
          "Notre entrepôt cherche des manutentionnaires pour décharger des camions de produits d'entretien : cartons de 10 à 20 kg à palettiser à la main. Mission de 3 jours, de 6 h à 13 h 30 avec une pause. Gants fournis, chaussures de sécurité obligatoires.",
        skills: ["déchargement", "palettisation", "manutention"],
      },
      {
        title: "Montage de meubles après un déménagement",
        description:
          "Après notre déménagement, il faut monter une armoire à portes coulissantes, une cuisine en kit et deux lits ; toutes les pièces et notices sont là. Environ 2 jours, dates à convenir ensemble. Merci d'apporter votre outillage : visseuse, niveau et jeu d'embouts.",
        skills: ["montage de meubles", "visseuse", "lecture de notices"],
      },
    ],
    landscaping: [
      {
        title: "Nettoyage du jardin après l'hiver",
        description:
          "Il faut ramasser les feuilles et les branches tombées pendant l'hiver, bêcher les massifs et tailler les arbustes. Deux jours le week-end à partir de 9 h. Râteau, sécateur et brouette sur place, déjeuner offert ; venez en tenue de travail.",
        skills: ["entretien de jardin", "taille d'arbustes", "bêchage"],
      },
      {
        title: "Tonte de pelouse et taille de haie",
        description:
          "Sur un terrain de 800 m², il faut tondre la pelouse et tailler une haie de thuyas d'environ 30 mètres. Une journée à partir de 8 h. Tondeuse et taille-haie fournis ; expérience des outils thermiques et lunettes de protection requises.",
        skills: ["tonte", "taille de haie", "outils thermiques"],
      },
      {
        title: "Plantation de fleurs autour d'une terrasse de café",
        description:
          "Pour la saison d'été, nous garnissons les massifs et les jardinières autour de notre terrasse, soit environ 300 plants. Deux jours, de 8 h à 16 h. Plants, terreau et outils fournis : nous cherchons quelqu'un de soigneux qui aime les plantes.",
        skills: ["plantation", "aménagement de massifs"],
      },
      {
        title: "Ramassage des feuilles et préparation du jardin pour l'hiver",
        description:
          "Cet automne, il faut ramasser les feuilles sur tout le terrain, protéger les rosiers avec du voile d'hivernage et ranger le mobilier de jardin dans l'abri. 3 jours de 6 heures. Outils et sacs fournis, déjeuner chaud compris.",
        skills: ["ramassage de feuilles", "protection hivernale"],
      },
    ],
    retail: [
      {
        title: "Mise en rayon avant les fêtes",
        description:
          "Avant les fêtes de fin d'année, notre supermarché a besoin de renfort : mise en rayon, contrôle des dates de péremption, pose des étiquettes de prix. 5 jours, de 6 h à 13 h. Tenue fournie, une première expérience en grande distribution est un plus.",
        skills: ["mise en rayon", "contrôle des DLC", "rigueur"],
      },
      {
        title: "Inventaire dans un entrepôt de matériaux",
        description:
          "Pour notre inventaire annuel, nous comptons tout le stock de l'entrepôt : comptage des articles, saisie au scanner, étiquetage des palettes. 3 jours, de 7 h à 16 h, formation au scanner sur place. Concentration indispensable ; l'entrepôt n'est pas chauffé, prévoyez des vêtements chauds.",
        skills: ["inventaire", "scanner", "concentration"],
      },
      {
        title: "Animateur ou animatrice dégustation en supermarché",
        description:
          "Nous faisons découvrir notre nouveau yaourt fermier dans plusieurs supermarchés : accueillir les clients, proposer des échantillons et présenter le produit. Vendredi et samedi, de 12 h à 19 h. Tenue et produits fournis ; vous êtes souriant et à l'aise à l'oral.",
        skills: ["animation commerciale", "aisance relationnelle"],
      },
      {
        title: "Emballage de cadeaux en centre commercial",
        description:
          "Pendant la période de Noël, nous tenons un stand d'emballage cadeaux dans un centre commercial : il s'agit d'emballer joliment les achats avec du papier et des rubans. 4 jours, de 10 h à 20 h. Matériel et formation fournis, nous cherchons une personne habile et aimable.",
        skills: ["emballage cadeau", "accueil client", "dextérité"],
      },
    ],
    other: [
      {
        title: "Vendangeur ou vendangeuse pour une semaine",
        description:
          "Notre domaine recrute des vendangeurs pour la récolte manuelle du raisin. Une semaine, de 7 h 30 à 16 h, avec pause déjeuner dans les vignes. Sécateurs et seaux fournis, repas de midi offert ; prévoyez des chaussures fermées et un vêtement de pluie.",
        skills: ["vendanges", "endurance", "travail en extérieur"],
      },
      {
        title: "Montage et démontage d'un concert en plein air",
        description:
          "Pour un concert en plein air, nous recherchons des aides pour monter la scène, les barrières et 500 chaises, puis pour tout démonter. Vendredi à partir de 8 h et dimanche à partir de 22 h. Gants et outils fournis ; chaussures de sécurité et ponctualité exigées.",
        skills: ["montage événementiel", "travail en équipe", "ponctualité"],
      },
      {
        title: "Renfort dans une station de lavage à la main",
        description:
          "Notre station de lavage à la main cherche du renfort le week-end : nettoyage des tapis, séchage de la carrosserie, aspiration de l'habitacle. Samedi et dimanche, de 9 h à 19 h. Tenue et produits fournis ; débutants bienvenus, nous vous formons.",
        skills: ["lavage automobile", "nettoyage intérieur"],
      },
      {
        title: "Hôte ou hôtesse d'accueil sur un salon professionnel",
        description:
          "Sur un salon professionnel, nous cherchons une personne pour accueillir les visiteurs sur notre stand, distribuer des brochures et scanner les badges. 3 jours, de 8 h 30 à 18 h 30. Tenue et déjeuner fournis ; un anglais courant est un vrai plus.",
        skills: ["accueil", "distribution de brochures", "anglais"],
      },
    ],
  },
};
