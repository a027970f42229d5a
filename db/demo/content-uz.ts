import type { CountryContent } from "./content-types.ts";

/** Demo content for Uzbekistan: Uzbek (Latin script) texts, RUB rates. */
export const uz: CountryContent = {
  code: "UZ",
  language: "uz",
  currency: "UZS",
  rateRange: [20000, 50000],
  cities: [
    "Toshkent",
    "Samarqand",
    "Buxoro",
    "Andijon",
    "Namangan",
    "Fargʻona",
    "Qarshi",
    "Nukus",
    "Urganch",
    "Jizzax",
    "Navoiy",
    "Termiz",
    "Guliston",
    "Xiva",
    "Margʻilon",
    "Qoʻqon",
  ],
  maleFirstNames: [
    "Aziz",
    "Jasur",
    "Sardor",
    "Bekzod",
    "Otabek",
    "Sherzod",
    "Doniyor",
    "Jahongir",
    "Farrux",
    "Shoxrux",
    "Javlon",
    "Ulugʻbek",
    "Rustam",
    "Akmal",
    "Bobur",
    "Anvar",
    "Dilshod",
    "Sanjar",
    "Temur",
    "Nodir",
    "Islom",
    "Abdulla",
  ],
  femaleFirstNames: [
    "Dilnoza",
    "Madina",
    "Gulnora",
    "Nilufar",
    "Shahnoza",
    "Mohira",
    "Malika",
    "Zarina",
    "Feruza",
    "Nodira",
    "Sevara",
    "Dilfuza",
    "Kamola",
    "Munisa",
    "Maftuna",
    "Barno",
    "Gulchehra",
    "Zilola",
    "Sitora",
    "Shahlo",
    "Umida",
    "Nigora",
  ],
  lastNames: [
    "Karimov",
    "Rahimov",
    "Yusupov",
    "Toshmatov",
    "Aliyev",
    "Abdullayev",
    "Ismoilov",
    "Ergashev",
    "Nazarov",
    "Mirzayev",
    "Qodirov",
    "Xolmatov",
    "Usmonov",
    "Sobirov",
    "Rashidov",
    "Tursunov",
    "Joʻrayev",
    "Saidov",
    "Hasanov",
    "Umarov",
    "Normatov",
    "Fayzullayev",
    "Haydarov",
    "Rahmonov",
  ],
  companies: [
    "«Lazzat» choyxonasi",
    "«Baraka» oziq-ovqat doʻkoni",
    "«Toshkent Qurilish Servis» MChJ",
    "«Oq uy» tozalash xizmati",
    "«Samarqand non» novvoyxonasi",
    "«Dasturxon» katering xizmati",
    "«Tez yetkaz» kuryerlik xizmati",
    "«Bogʻbon» obodonlashtirish xizmati",
    "«Ishonchli yuk» tashish xizmati",
    "«Fargʻona meva» fermer xoʻjaligi",
    "«Afsona» kafesi",
    "«Usta Bobur» taʼmirlash brigadasi",
    "«Chinor» savdo markazi",
    "«Ipak yoʻli logistika» MChJ",
    "«Nur» qurilish mollari doʻkoni",
    "«Navroʻz» toʻyxonasi",
  ],
  bios: {
    worker: [
      "Qurilishda oʻn yildan ortiq ishlayman: kafel, gipsokarton, boʻyoq ishlari. Dam olish kunlari qoʻshimcha ish olaman, oʻz asboblarim bilan kelaman.",
      "Uchinchi kurs talabasiman, dam olish kunlari uchun ish qidiryapman. Ofitsiant va promouter boʻlib ishlaganman.",
      "Yuk tashish va koʻchishlarda ishlayman, jismonan baquvvatman va hech qachon kechikmayman.",
      "Kvartira va ofislarni, jumladan taʼmirdan keyin ham tozalayman. Puxta ishlayman, kerak boʻlsa oʻz vositalarim bilan kelaman.",
      "Oʻz avtomobilim va B toifali haydovchilik guvohnomam bor, shahar va viloyat boʻylab yetkazib berishga tayyorman.",
      "Nafaqadagi bogʻbonman, daraxt payvandlash va butashni yaxshi bilaman. Hovli va bogʻlarda yordam beraman.",
      "Toʻy va marosimlarda oshpaz yordamchisi boʻlib ishlaganman, tibbiy daftarcham bor.",
      "Doʻkonlarda kassir va sotuvchi boʻlib ishlaganman, tovar terish va inventarizatsiyani bilaman.",
      "Qoʻli gul ustaman: mebel yigʻaman, javon osaman, rozetkalarni almashtiraman. Tez va toza ishlayman.",
    ],
    employer: [
      "Kichik novvoyxonam bor, bayramlar va dam olish kunlari yordamchilar kerak boʻladi. Ish haqini ish tugagan kuni toʻlayman.",
      "Kvartiralarni toʻliq taʼmirlash bilan shugʻullanamiz, qisqa muddatli obyektlar uchun ishonchli yordamchi va ustalar qidiramiz.",
      "Toʻy va korporativ tadbirlar tashkil qilaman, doimiy ravishda ofitsiant va oshxona yordamchilarini yollayman.",
      "Fermer xoʻjaligimiz bor, hosil yigʻish mavsumida teruvchilar va yukchilar kerak boʻladi.",
      "Internet-doʻkon omborini boshqaraman, har chorakda inventarizatsiya oʻtkazamiz va bir necha kunga odam qidiramiz.",
      "Biz tozalash kompaniyasimiz, katta buyurtmalar uchun qoʻshimcha xodimlar olamiz.",
      "Bogʻ yonida qahvaxonam bor, yozda yarmarka va festivallarga barista kerak boʻladi.",
      "Yangi uyga koʻchyapman, yukchilar va mebel yigʻadigan usta qidiryapman.",
      "Mahalladagi ikkita oziq-ovqat doʻkoni egasiman, bayramlar oldidan tovar terishga yordam kerak.",
    ],
  },
  jobs: {
    construction: [
      {
        title: "Hammomga kafel yotqizish",
        description:
          "Taxminan 5 kv. m hammomning devorlari va poliga kafel yotqizish kerak. Ish 3–4 kun davom etadi, dushanba kuni soat 9:00 da boshlaymiz. Kafel va yelim sotib olingan, oʻz asboblaringiz (kafel kesgich, suv tarozi, shpatellar) bilan kelishingiz kerak.",
        skills: ["kafel yotqizish", "oʻlchash va kesish", "puxtalik"],
      },
      {
        title: "Uy qurilishiga yordamchi ishchi",
        description:
          "Gazoblokdan quriladigan uyga ikki nafar yordamchi ishchi kerak: bloklarni tushirish, qorishma tayyorlash, ustalarga material uzatish. Ish 5 kun, soat 8:00 dan 18:00 gacha, tushlik bizdan. Qoʻlqop va ish kiyimi beriladi, yopiq poyabzalda keling.",
        skills: ["yuk tushirish", "qorishma tayyorlash", "jismoniy chidamlilik"],
      },
      {
        title: "Ikki xonali kvartirada devorlarni boʻyash",
        description:
          "Ikki xona va yoʻlak devorlarini boʻyash kerak, devorlar shpaklyovka qilingan va gruntlangan. Ish dam olish kunlari, 2 kunga moʻljallangan, soat 10:00 da boshlanadi. Boʻyoq, valik va skotch bor, sizdan tajriba va puxtalik talab qilinadi.",
        skills: ["boʻyoqchilik", "valik bilan ishlash", "puxtalik"],
      },
      {
        title: "Eski kafelni koʻchirish va qurilish chiqindisini olib chiqish",
        description:
          "Uchinchi qavatdagi kvartirada hammom va oshxonadagi eski kafelni koʻchirib, chiqindini qoplarda konteynerga olib chiqish kerak. Ish 2 kun, soat 10:00 da boshlanadi. Perforator va qoplar bizdan, qoʻlqop, himoya koʻzoynagi va respirator olib keling.",
        skills: ["buzish ishlari", "perforator bilan ishlash"],
      },
    ],
    delivery: [
      {
        title: "Pochta qutilariga reklama varaqalarini tarqatish",
        description:
          "Novvoyxonamizning reklama varaqalarini mahalladagi koʻp qavatli uylarning pochta qutilariga tarqatish kerak. Ish 3 kun, kuniga 4–5 soat, vaqtni oʻzingiz tanlaysiz. Varaqalar va yoʻnalish xaritasi beriladi, qulay poyabzal va fotohisobot uchun smartfon kerak.",
        skills: ["varaqa tarqatish", "masʼuliyat"],
      },
      {
        title: "Dam olish kunlari piyoda kuryer",
        description:
          "Kafedan 2 km radiusdagi mijozlarga tayyor taom va pishiriqlarni yetkazib berish kerak. Shanba va yakshanba kunlari, soat 11:00 dan 20:00 gacha. Termosumka beriladi, mobil interneti bor telefon boʻlishi shart.",
        skills: ["taom yetkazish", "navigator bilan ishlash", "vaqtga rioya qilish"],
      },
      {
        title: "Shaxsiy avtomobili bor haydovchi-kuryer",
        description:
          "Maishiy texnika internet-doʻkonining buyurtmalarini shahar boʻylab yetkazish, kuniga 15–20 ta manzil. Ish 5 kun, soat 9:00 dan 19:00 gacha, yoʻnalishni oldindan tuzib beramiz. Oʻz yengil avtomobilingiz va B toifali guvohnomangiz boʻlishi kerak, benzin xarajati qoplanadi.",
        skills: ["B toifali guvohnoma", "shaxsiy avtomobil"],
      },
      {
        title: "Ofislarga ichimlik suvi yetkazishda yordamchi",
        description:
          "19 litrli suv idishlarini ofislarga yetkazadigan haydovchiga yordamchi kerak. Ish 4 kun, soat 8:00 dan 17:00 gacha, idishlarni qavatlarga koʻtarishga toʻgʻri keladi. Forma beriladi, jismonan baquvvat boʻlish muhim.",
        skills: ["ogʻir yuk koʻtarish", "xushmuomalalik"],
      },
    ],
    cleaning: [
      {
        title: "Taʼmirdan keyin kvartirani tozalash",
        description:
          "Taʼmirdan chiqqan uch xonali kvartirada qurilish changi, kafelda boʻyoq va qorishma dogʻlari bor, derazalar plyonkada. Bir kunga, soat 9:00 dan 19:00 gacha ikki kishi kerak. Changyutgich va tozalash vositalari bizdan, almashtirish uchun kiyim va qoʻlqop olib keling.",
        skills: ["taʼmirdan keyingi tozalash", "deraza yuvish"],
      },
      {
        title: "Ofisda umumiy tozalash",
        description:
          "Taxminan 200 kv. m ofisda umumiy tozalash oʻtkaziladi: pollarni yuvish, oshxona va hojatxonalarni tozalash, mebel va deraza tokchalarini artish. Ish shanba kuni, soat 10:00 dan 18:00 gacha. Jihozlar va tozalash vositalari beriladi.",
        skills: ["umumiy tozalash", "kimyoviy vositalar bilan ishlash"],
      },
      {
        title: "Doʻkon vitrinalarini yuvish",
        description:
          "Ikki doʻkonimizdagi katta vitrina oynalarini ichkaridan va tashqaridan yuvish kerak. Bir kunlik ish, doʻkon ochilishidan oldin soat 7:00 da boshlanadi. Narvon, qirgʻich va vositalar beriladi, tajribangiz boʻlsa yaxshi.",
        skills: ["oyna yuvish", "narvonda ishlash"],
      },
      {
        title: "Toʻydan keyin toʻyxonani yigʻishtirish",
        description:
          "Toʻydan soʻng zalni tozalash kerak: idishlarni yigʻish, dasturxonlarni olish, chiqindini chiqarish, pollarni yuvish. Yakshanba kuni ertalab soat 7:00 da kelish kerak, taxminan 6 soatlik ish. Qoʻlqop va jihozlar joyida, xodimlar uchun nonushta bor.",
        skills: ["xonalarni tozalash", "jamoada ishlash"],
      },
    ],
    catering: [
      {
        title: "Taom festivalida palov chodiriga yordamchi",
        description:
          "Bogʻdagi taom festivalida palov va somsa chodirimizga yordamchi kerak: buyurtmalarni yigʻish, mijozlarga berish, tozalikni saqlash. Juma, shanba va yakshanba kunlari soat 11:00 dan 22:00 gacha ishlaymiz. Fartuk va kepka beriladi, tibbiy daftarcha boʻlishi shart.",
        skills: ["tibbiy daftarcha", "mijozlarga xizmat koʻrsatish"],
      },
      {
        title: "Toʻyga ofitsiant",
        description:
          "300 kishilik toʻyda xizmat koʻrsatish: taomlarni tortish, likopchalarni almashtirish, ichimliklarni tarqatish. Shanba kuni soat 16:00 dan 24:00 gacha, boshlanishidan bir soat oldin yoʻriqnoma beriladi. Oq koʻylak, qora shim va qora poyabzal kerak, ovqat beriladi.",
        skills: ["mehmonlarga xizmat", "patnis bilan ishlash", "ozoda koʻrinish"],
      },
      {
        title: "Dam olish kunlari oshxonaga yordamchi",
        description:
          "Oshxonamizga yordamchi kerak: idish yuvish, sabzavotlarni tozalash va toʻgʻrash. Shanba va yakshanba, soat 8:00 dan 17:00 gacha. Forma va tushlik beriladi, tibbiy daftarcha talab qilinadi.",
        skills: ["idish yuvish", "sabzavot toʻgʻrash", "tibbiy daftarcha"],
      },
      {
        title: "Yarmarkadagi qahva furgoniga barista",
        description:
          "Shahar yarmarkasidagi qahva furgonimizga barista kerak: espresso, kapuchino, latte tayyorlash va kassada ishlash. Ikki kun, soat 10:00 dan 20:00 gacha. Qahva mashinasi va qahva donlari bizdan, kamida yarim yillik tajriba kerak.",
        skills: ["qahva tayyorlash", "kassa bilan ishlash"],
      },
    ],
    moving: [
      {
        title: "Liftsiz uyning 5-qavatidan koʻchish",
        description:
          "Liftsiz uyning 5-qavatidagi ikki xonali kvartiradan koʻchyapmiz: divan, shkaflar, muzlatgich, kir yuvish mashinasi va 40 ga yaqin quti. Bir kunga 3 nafar yukchi kerak, soat 9:00 da boshlaymiz. Mashina haydovchisi bilan buyurtma qilingan, tasmalar va qadoqlash plyonkasi beriladi.",
        skills: ["mebel yuklash", "ogʻir yuk koʻtarish", "ehtiyotkorlik"],
      },
      {
        title: "Ofis koʻchishi uchun yukchilar",
        description:
          "30 ish oʻrinli ofisni qoʻshni binoga koʻchiramiz: stollarni qismlarga ajratish, texnikani qadoqlash, yuklash va yangi joyga joylashtirish. Juma kuni soat 18:00 dan va shanba kuni kun boʻyi. Asboblar, qutilar va strech-plyonka beriladi.",
        skills: ["mebel yigʻish", "qadoqlash"],
      },
      {
        title: "Omborda fura tushirish",
        description:
          "Maishiy kimyo va oziq-ovqat ortilgan furalarni tushirish uchun yukchilar kerak: 10–20 kg li qutilarni poddonlarga taxlash. Ish 3 kun, soat 8:00 dan 20:00 gacha, tushlik tanaffusi bor. Qoʻlqop beriladi, yopiq poyabzal kerak.",
        skills: ["fura tushirish", "poddonga taxlash"],
      },
      {
        title: "Koʻchishdan keyin mebel yigʻish",
        description:
          "Koʻchishdan keyin shkaf-kupe, oshxona mebeli va ikkita karavotni yigʻish kerak, barcha detallar va yoʻriqnomalar joyida. Ish 2 kun, qulay vaqtni kelishib olamiz. Oʻz asboblaringiz boʻlishi kerak: shurupovyort, suv tarozi va bitlar toʻplami.",
        skills: ["mebel yigʻish", "sxemani oʻqish"],
      },
    ],
    landscaping: [
      {
        title: "Qishdan keyin bogʻni tozalash",
        description:
          "Hovlidagi bogʻda oʻtgan yilgi xazon va quruq shoxlarni yigʻish, daraxtlarni butash, ariqlarni tozalash kerak. Ish dam olish kunlari, 2 kun, soat 9:00 dan boshlanadi. Xaskash, bogʻ qaychisi va tachka bor, tushlik beriladi, ish kiyimida keling.",
        skills: ["hududni tozalash", "daraxt butash"],
      },
      {
        title: "Oʻt oʻrish va butalarni qirqish",
        description:
          "6 sotixli hovlida trimmer bilan oʻt oʻrish va devor boʻylab oʻsgan butalarni qirqish kerak. Bir kunlik ish, kun isib ketmasdan soat 7:00 da boshlaymiz. Trimmer va benzin bizdan, trimmer bilan ishlash tajribasi kerak.",
        skills: ["trimmer bilan ishlash", "buta qirqish"],
      },
      {
        title: "Kafe ayvoni oldiga gul ekish",
        description:
          "Kafemizning yozgi ayvoni oldidagi gulzorlar va tuvaklarga 300 ga yaqin gul koʻchati ekamiz. Ish 2 kun, soat 8:00 dan 16:00 gacha. Koʻchatlar, tuproq va asboblar tayyor, puxtalik va oʻsimliklarga mehr kerak.",
        skills: ["koʻchat ekish", "gulzor parvarishi"],
      },
      {
        title: "Kuzda xazon yigʻish va tokni koʻmish",
        description:
          "Hovli va bogʻdagi xazonni yigʻish, tokni qishga koʻmish, bogʻ mebelini omborga olib kirish kerak. Ish 3 kun, kuniga 6 soatdan. Jihozlar va qoplar beriladi, issiq tushlik bizdan.",
        skills: ["xazon yigʻish", "tok koʻmish"],
      },
    ],
    retail: [
      {
        title: "Navroʻz oldidan doʻkonda tovar terish",
        description:
          "Navroʻz bayrami oldidan oziq-ovqat doʻkoniga xodimlar kerak: tovarlarni javonlarga terish, yaroqlilik muddatini tekshirish, narx yorliqlarini qoʻyish. Ish 5 kun, soat 7:00 dan 16:00 gacha. Forma beriladi, tibbiy daftarcha kerak.",
        skills: ["tovar terish", "yaroqlilik muddatini tekshirish"],
      },
      {
        title: "Qurilish mollari omborida inventarizatsiya",
        description:
          "Omborimizda yillik inventarizatsiya oʻtkazamiz: tovarlarni sanash, skaner orqali tekshirish, poddonlarni belgilash. Ish 3 kun, soat 8:00 dan 20:00 gacha, skaner bilan ishlashni joyida oʻrgatamiz. Diqqatli boʻlish muhim, ombor isitilmaydi, issiq kiyim olib keling.",
        skills: ["inventarizatsiya", "skaner bilan ishlash", "diqqatlilik"],
      },
      {
        title: "Supermarketda degustatsiya uchun promouter",
        description:
          "Supermarketlar tarmogʻida yangi qatiqimizni tatib koʻrishga taklif qilamiz: xaridorlarga mahsulotni tavsiya qilish va u haqida gapirib berish kerak. Juma va shanba, soat 12:00 dan 20:00 gacha. Forma va mahsulot bizdan, ravon nutq va ozoda koʻrinish muhim.",
        skills: ["promo aksiyalar", "muloqotga kirishuvchanlik"],
      },
      {
        title: "Savdo markazida sovgʻalarni qadoqlash",
        description:
          "Yangi yil oldidan savdo markazida sovgʻa qadoqlash stendini ochamiz: xaridlarni qogʻoz va lentalar bilan chiroyli qadoqlash kerak. Ish 4 kun, soat 10:00 dan 21:00 gacha. Materiallar va oʻqitish bizdan, puxtalik va xushmuomalalik qadrlanadi.",
        skills: ["sovgʻa qadoqlash", "xaridorlar bilan ishlash"],
      },
    ],
    other: [
      {
        title: "Fermer xoʻjaligida oʻrik terish",
        description:
          "Fermer bogʻida oʻrik terish va qutilarga saralash uchun ishchilar kerak. Ish 7 kun, issiqdan oldin soat 6:00 dan 14:00 gacha ishlaymiz. Qutilar va narvonlar beriladi, tushlik fermer xoʻjaligi hisobidan.",
        skills: ["hosil yigʻish", "saralash"],
      },
      {
        title: "Konsert uchun sahna va stullarni oʻrnatish",
        description:
          "Ochiq havodagi konsert uchun sahna, toʻsiqlar va 500 ta stulni oʻrnatish, keyin esa hammasini yigʻishtirish kerak. Ish 2 kun: juma kuni soat 8:00 dan va yakshanba kuni 22:00 dan keyin. Qoʻlqop va asboblar beriladi, ish poyabzali va oʻz vaqtida kelish muhim.",
        skills: ["konstruksiya oʻrnatish", "jamoada ishlash"],
      },
      {
        title: "Avtomoykaga yordamchi",
        description:
          "Qoʻlda yuviladigan avtomoykaga dam olish kunlari yordamchi kerak: gilamchalarni yuvish, kuzovni artish, salonni changyutgich bilan tozalash. Shanba va yakshanba, soat 9:00 dan 21:00 gacha. Forma va vositalar beriladi, tajriba shart emas, hammasini oʻrgatamiz.",
        skills: ["avtomobil yuvish", "salon tozalash"],
      },
      {
        title: "Koʻrgazmada stend yigʻish va navbatchilik",
        description:
          "Xalqaro koʻrgazmada kompaniyamiz stendini yigʻish, mahsulotlarni joylashtirish va koʻrgazma kunlari tashrif buyuruvchilarga buklet tarqatish kerak. Ish 4 kun, soat 9:00 dan 18:00 gacha. Forma va tushlik beriladi, rus tilini bilish afzallik.",
        skills: ["stend yigʻish", "buklet tarqatish", "rus tili"],
      },
    ],
  },
};
