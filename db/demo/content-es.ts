import type { CountryContent } from "./content-types.ts";

/** Demo content for Spain: Spanish texts, EUR rates. */
export const es: CountryContent = {
  code: "ES",
  language: "es",
  currency: "EUR",
  rateRange: [10, 20],
  cities: [
    "Madrid",
    "Barcelona",
    "Valencia",
    "Sevilla",
    "Zaragoza",
    "Málaga",
    "Murcia",
    "Palma",
    "Bilbao",
    "Alicante",
    "Córdoba",
    "Valladolid",
    "Granada",
    "Las Palmas de Gran Canaria",
    "A Coruña",
  ],
  maleFirstNames: [
    "Alejandro",
    "Daniel",
    "Pablo",
    "David",
    "Javier",
    "Sergio",
    "Carlos",
    "Adrián",
    "Álvaro",
    "Manuel",
    "Jorge",
    "Diego",
    "Iván",
    "Rubén",
    "Raúl",
    "Hugo",
    "Marcos",
    "Antonio",
    "José",
    "Francisco",
    "Miguel",
    "Óscar",
  ],
  femaleFirstNames: [
    "Lucía",
    "María",
    "Paula",
    "Laura",
    "Marta",
    "Andrea",
    "Sara",
    "Carmen",
    "Alba",
    "Cristina",
    "Elena",
    "Claudia",
    "Irene",
    "Nuria",
    "Raquel",
    "Silvia",
    "Beatriz",
    "Rocío",
    "Patricia",
    "Ana",
    "Noelia",
    "Pilar",
  ],
  lastNames: [
    "García",
    "Rodríguez",
    "González",
    "Fernández",
    "López",
    "Martínez",
    "Sánchez",
    "Pérez",
    "Gómez",
    "Martín",
    "Jiménez",
    "Ruiz",
    "Hernández",
    "Díaz",
    "Moreno",
    "Muñoz",
    "Álvarez",
    "Romero",
    "Alonso",
    "Gutiérrez",
    "Navarro",
    "Torres",
    "Domínguez",
    "Vázquez",
    "Ramos",
  ],
  companies: [
    "Cafetería La Esquina",
    "Construcciones Hermanos Ruiz",
    "Limpiezas Brillo",
    "Mudanzas El Rayo",
    "Panadería Santa Ana",
    "Catering Sabores del Sur",
    "Finca Los Olivos",
    "Supermercado El Ahorro",
    "Transportes y Logística Levante",
    "Jardinería Verde Vivo",
    "Reformas Navarro",
    "Bar Restaurante El Rincón",
    "Mensajería Exprés Ibérica",
    "Frutería Doña Carmen",
    "Bodega Viña Alta",
    "Eventos y Banquetes La Dehesa",
  ],
  bios: {
    worker: [
      "Soy oficial de albañil con más de diez años de experiencia y cojo trabajos los fines de semana. Llevo mi propia herramienta.",
      "Estudio segundo de Magisterio y busco trabajos puntuales. He trabajado de camarera y de azafata de promociones.",
      "Hago mudanzas y trabajos de carga y descarga; soy fuerte, puntual y tengo disponibilidad inmediata.",
      "Limpio casas y oficinas, también después de obras. Trabajo con cuidado y discreción.",
      "Tengo furgoneta propia y carné B, así que puedo hacer repartos por la ciudad y alrededores.",
      "Jubilado y aficionado a la jardinería, echo una mano con césped, setos y frutales.",
      "Soy cocinero con experiencia en catering y banquetes, con carné de manipulador de alimentos en vigor. Busco extras.",
      "Trabajé varios años en supermercados y domino la reposición y los inventarios.",
      "Soy un manitas: monto muebles, cuelgo estanterías y hago pequeñas reparaciones, rápido y limpio.",
    ],
    employer: [
      "Tengo una pequeña panadería y a menudo necesito ayuda los fines de semana y en fiestas. Pago siempre al terminar el trabajo.",
      "Somos una pequeña empresa de reformas y buscamos peones de confianza para obras cortas.",
      "Empresa de catering para eventos: contratamos camareros y ayudantes de cocina para bodas y comidas de empresa.",
      "En nuestra finca necesitamos manos cada año durante la campaña de la aceituna.",
      "Llevo el almacén de una tienda online y, para los inventarios, buscamos refuerzo unos días.",
      "Somos una empresa de limpieza y contamos con refuerzos para los trabajos grandes.",
      "Tenemos una cafetería ambulante y en verano vamos a ferias y festivales: buscamos baristas.",
      "Me mudo pronto y busco gente para cargar y a alguien que me monte los muebles.",
      "Tengo dos tiendas de barrio y antes de las fiestas necesito ayuda con la reposición.",
    ],
  },
  jobs: {
    construction: [
      {
        title: "Alicatado de un cuarto de baño",
        description:
          "Buscamos alicatador con experiencia para colocar azulejos en paredes y suelo de un baño de unos 5 m². La obra dura 3 o 4 días a partir del lunes, de 8:00 a 17:00. Azulejos, cemento cola y material de rejuntado ya están comprados; hay que traer herramienta propia (cortadora, nivel, llanas).",
        skills: ["alicatado", "rejuntado", "precisión"],
      },
      {
        title: "Peón de albañil para obra de vivienda unifamiliar",
        description:
          "Necesitamos dos peones para la obra de una casa de ladrillo: descarga de material, preparación de mortero y abastecimiento a los oficiales. 5 días, de lunes a viernes, de 8:00 a 17:00. Guantes, casco y chaleco los ponemos nosotros; botas de seguridad obligatorias.",
        skills: ["descarga de material", "preparación de mortero", "resistencia física"],
      },
      {
        title: "Pintar un piso de tres habitaciones",
        description:
          "Hay que pintar de blanco dos habitaciones, el pasillo y la cocina; las paredes ya están plastecidas y lijadas. Trabajo el sábado y el domingo desde las 9:00. Pintura, rodillos y plásticos de protección en la vivienda; buscamos a alguien limpio y con experiencia.",
        skills: ["pintura", "protección de suelos", "limpieza en el trabajo"],
      },
      {
        title: "Picar azulejos y retirar escombros",
        description:
          "En un piso en segunda planta hay que picar los azulejos del baño y de la cocina y bajar los escombros en sacos hasta el contenedor. Dos días, empezando a las 8:00. Martillo percutor y sacos de escombro los ponemos nosotros; trae guantes, gafas de protección y mascarilla FFP2.",
        skills: ["demolición", "martillo percutor", "retirada de escombros"],
      },
    ],
    delivery: [
      {
        title: "Buzoneo de folletos en el barrio",
        description:
          "Para la apertura de nuestra panadería queremos repartir unos 3.000 folletos en los buzones del barrio. 3 días de 4 a 5 horas, con horario libre entre las 9:00 y las 19:00. Te damos los folletos y el plano de calles; necesitas calzado cómodo y un móvil para enviar fotos de comprobación.",
        skills: ["buzoneo", "autonomía", "responsabilidad"],
      },
      {
        title: "Repartidor en bici los fines de semana",
        description:
          "Repartirás los pedidos de nuestro restaurante en un radio de 3 km. Turnos el sábado y el domingo de 20:00 a 24:00. La mochila térmica la ponemos nosotros; necesitas una bici en buen estado y un móvil con datos.",
        skills: ["bicicleta", "reparto de comida", "puntualidad"],
      },
      {
        title: "Conductor repartidor con carné B",
        description:
          "Reparto de paquetes de una tienda online de electrodomésticos, unas 20 entregas al día. 5 días, de 8:00 a 17:00, con furgoneta de empresa. Se requiere carné B con al menos dos años de antigüedad y soltura conduciendo en ciudad.",
        skills: ["carné B", "conducción de furgoneta", "organización"],
      },
      {
        title: "Ayudante de reparto de agua embotellada",
        description:
          "Repartimos garrafas de agua de 19 litros a oficinas y comercios. Buscamos ayudante de reparto durante 4 días, de 7:00 a 15:00, con subida de garrafas por escaleras. Uniforme incluido; imprescindible buena forma física.",
        skills: ["carga y descarga", "trato con el cliente"],
      },
    ],
    cleaning: [
      {
        title: "Limpieza de fin de obra",
        description:
          "Tras la reforma de un piso de 90 m² hay polvo por todas partes y restos de pintura y cemento en azulejos y cristales. Buscamos dos personas para una jornada, de 8:00 a 18:00. Aspiradora, productos y rasquetas incluidos; trae ropa de cambio y guantes.",
        skills: ["limpieza de fin de obra", "limpieza de cristales", "minuciosidad"],
      },
      {
        title: "Limpieza a fondo de oficina en sábado",
        description:
          "Nuestra oficina de unos 250 m² necesita una limpieza a fondo antes de que lleguen nuevos compañeros: suelos, office, baños, mesas y alféizares. El sábado de 9:00 a 17:00. Material y productos en la oficina.",
        skills: ["limpieza a fondo", "limpieza de baños"],
      },
      {
        title: "Limpieza de escaparates en dos tiendas",
        description:
          "Hay que limpiar por dentro y por fuera los escaparates grandes de nuestras dos tiendas. Un día, empezando a las 7:00 para terminar antes de abrir. Escalera, rasqueta y productos incluidos; se valora experiencia en limpieza de cristales.",
        skills: ["limpieza de cristales", "trabajo en escalera"],
      },
      {
        title: "Limpieza de salón después de una boda",
        description:
          "Después de una boda de 150 invitados hay que dejar el salón listo: recoger la vajilla, quitar los manteles, separar la basura y fregar el suelo. Domingo desde las 9:00, unas 6 horas. Guantes y material en el salón, desayuno incluido para el equipo.",
        skills: ["limpieza", "reciclaje", "trabajo en equipo"],
      },
    ],
    catering: [
      {
        title: "Ayudante para puesto de paellas en feria gastronómica",
        description:
          "En la feria gastronómica del fin de semana montamos un puesto de paellas y buscamos ayudante: preparar pedidos, servir y mantener limpio el puesto. De viernes a domingo, de 12:00 a 23:00. Delantal y gorra incluidos; necesitas el carné de manipulador de alimentos.",
        skills: ["manipulador de alimentos", "atención en barra", "trabajo bajo presión"],
      },
      {
        title: "Camarero/a para banquete de boda",
        description:
          "Para una boda de 150 invitados buscamos camareros con experiencia: servicio de mesa, bebidas y recogida. Sábado de 13:00 a 2:00, con reunión previa una hora antes. Se requiere pantalón negro, camisa blanca y zapato negro; comida de personal incluida.",
        skills: ["servicio de sala", "manejo de bandeja", "buena presencia"],
      },
      {
        title: "Ayudante de cocina y friegaplatos el fin de semana",
        description:
          "Nuestro restaurante busca refuerzo en cocina: fregar, pelar y cortar verdura y dejar lista la mise en place del mediodía. Sábado y domingo, de 9:00 a 17:00. Uniforme y comida incluidos; imprescindible carné de manipulador de alimentos.",
        skills: ["friegaplatos", "corte de verduras", "manipulador de alimentos"],
      },
      {
        title: "Barista para mercadillo navideño",
        description:
          "En nuestro puesto de café del mercadillo navideño necesitamos barista para un fin de semana: cafés, capuchinos, chocolate caliente y cobro en caja. Sábado y domingo, de 11:00 a 21:00. Cafetera y café los ponemos nosotros; mínimo seis meses de experiencia con cafetera profesional.",
        skills: ["preparación de café", "manejo de caja", "simpatía"],
      },
    ],
    moving: [
      {
        title: "Mudanza desde un quinto sin ascensor",
        description:
          "Nos mudamos de un piso de dos habitaciones en un quinto sin ascensor: sofá, armarios, frigorífico, lavadora y unas 40 cajas. Buscamos 3 personas fuertes para una jornada, empezamos a las 9:00. La furgoneta con conductor ya está reservada y tenemos cinchas y mantas de protección.",
        skills: ["carga de muebles", "mudanzas", "cuidado"],
      },
      {
        title: "Mudanza de oficina en dos días",
        description:
          "Trasladamos 30 puestos de trabajo al edificio de al lado: desmontar mesas, embalar equipos informáticos, cargar y volver a montarlo todo en el nuevo local. Viernes desde las 17:00 y sábado todo el día. Herramientas, cajas y film extensible incluidos.",
        skills: ["montaje de muebles", "embalaje", "atornillador"],
      },
      {
        title: "Mozo de almacén para descarga de camiones",
        description:
          "Nuestro almacén necesita mozos para descargar camiones de productos de droguería: cajas de 10 a 20 kg que hay que paletizar a mano. 3 días, de 6:00 a 14:00 con descanso. Guantes incluidos, botas de seguridad obligatorias.",
        skills: ["mozo de almacén", "paletizado", "carga y descarga"],
      },
      {
        title: "Montaje de muebles tras una mudanza",
        description:
          "Tras la mudanza hay que montar un armario de puertas correderas, una cocina en kit y dos camas; tenemos todas las piezas y las instrucciones. Unos 2 días, fechas a convenir. Trae tu herramienta: atornillador, nivel y juego de puntas.",
        skills: ["montaje de muebles", "atornillador", "lectura de instrucciones"],
      },
    ],
    landscaping: [
      {
        title: "Limpieza de jardín después del invierno",
        description:
          "Hay que recoger las hojas y ramas caídas durante el invierno, cavar los parterres y podar los arbustos. Dos días el fin de semana desde las 9:00. Rastrillo, tijeras de podar y carretilla en la casa, comida incluida; ven con ropa de trabajo.",
        skills: ["mantenimiento de jardines", "poda de arbustos"],
      },
      {
        title: "Corte de césped y recorte de seto",
        description:
          "En una parcela de 800 m² hay que cortar el césped y recortar un seto de arizónicas de unos 30 metros. Un día, desde las 8:00 para evitar el calor. Cortacésped y cortasetos incluidos; necesitas experiencia con maquinaria de gasolina y gafas de protección.",
        skills: ["corte de césped", "recorte de setos", "maquinaria de jardín"],
      },
      {
        title: "Plantación de flores en la terraza de una cafetería",
        description:
          "Para la temporada de verano vamos a llenar de flores los parterres y jardineras de nuestra terraza, unas 300 plantas. Dos días, de 8:00 a 15:00. Plantas, sustrato y herramientas incluidos; buscamos a alguien cuidadoso al que le gusten las plantas.",
        skills: ["plantación", "jardinería ornamental"],
      },
      {
        title: "Desbroce de parcela para prevenir incendios",
        description:
          "Antes del verano hay que desbrozar una parcela de 2.000 m² con matorral y hierba seca para reducir el riesgo de incendio. 3 días, de 7:00 a 14:00. Desbrozadora y combustible incluidos; trae botas, pantalón largo y protección auditiva.",
        skills: ["desbroce", "desbrozadora", "prevención de incendios"],
      },
    ],
    retail: [
      {
        title: "Reposición en supermercado antes de Navidad",
        description:
          "Antes de las fiestas nuestro supermercado necesita refuerzo: reponer lineales, revisar fechas de caducidad y colocar etiquetas de precio. 5 días, de 7:00 a 14:00. Uniforme incluido; se valora experiencia en supermercado.",
        skills: ["reposición", "control de caducidades", "orden"],
      },
      {
        title: "Inventario en almacén de materiales de construcción",
        description:
          "Para el inventario anual contamos todo el stock de nuestro almacén: recuento, lectura con escáner y etiquetado de palés. 3 días, de 8:00 a 17:00, con formación en el escáner. Imprescindible concentración; el almacén no tiene calefacción, así que trae ropa de abrigo.",
        skills: ["inventario", "escáner de mano", "concentración"],
      },
      {
        title: "Azafata o azafato de degustación en supermercado",
        description:
          "Presentamos nuestro nuevo yogur artesano en varios supermercados: atender a los clientes, ofrecer muestras y explicar el producto. Viernes y sábado, de 12:00 a 20:00. Uniforme y producto incluidos; buscamos a alguien sonriente y con facilidad de palabra.",
        skills: ["promoción", "atención al cliente", "comunicación"],
      },
      {
        title: "Envoltorio de regalos en centro comercial",
        description:
          "En la campaña de Navidad y Reyes tenemos un puesto de envoltorio de regalos en un centro comercial: hay que envolver las compras con papel y lazos. 4 días, de 10:00 a 22:00. Material y formación incluidos; buscamos a alguien mañoso y amable.",
        skills: ["envoltorio de regalos", "atención al cliente", "habilidad manual"],
      },
    ],
    other: [
      {
        title: "Recogida de aceituna en olivar",
        description:
          "Buscamos personal para la campaña de recogida de aceituna: varear, tender y recoger los mantos y cargar los sacos. Una semana, de 8:00 a 16:30. Varas y mantos los pone la finca; trae guantes, botas y ropa de abrigo para primera hora.",
        skills: ["recogida de aceituna", "vareo", "trabajo en el campo"],
      },
      {
        title: "Montaje y desmontaje de un concierto al aire libre",
        description:
          "Para un concierto al aire libre buscamos ayudantes para montar el escenario, las vallas y 500 sillas, y después para desmontarlo todo. Viernes desde las 8:00 y domingo desde las 23:00. Guantes y herramientas incluidos; calzado de seguridad y puntualidad obligatorios.",
        skills: ["montaje de eventos", "trabajo en equipo", "puntualidad"],
      },
      {
        title: "Ayudante en lavadero de coches a mano",
        description:
          "Nuestro lavadero a mano busca refuerzo el fin de semana: limpiar alfombrillas, secar la carrocería y aspirar el interior. Sábado y domingo, de 9:00 a 20:00. Uniforme y productos incluidos; no hace falta experiencia, te enseñamos.",
        skills: ["lavado de coches", "limpieza de interiores"],
      },
      {
        title: "Azafata o azafato de stand en feria profesional",
        description:
          "En una feria profesional necesitamos una persona para atender a los visitantes en nuestro stand, repartir catálogos y escanear acreditaciones. 3 días, de 9:00 a 19:00. Uniforme y comida incluidos; se valora inglés fluido.",
        skills: ["atención al público", "reparto de catálogos", "inglés"],
      },
    ],
  },
};
