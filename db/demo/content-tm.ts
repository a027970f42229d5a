import type { CountryContent } from "./content-types.ts";

/** Demo content for Turkmenistan: Turkmen (Latin script) texts, RUB rates. */
export const tm: CountryContent = {
  code: "TM",
  language: "tk",
  currency: "TMT",
  rateRange: [10, 30],
  cities: [
    "Aşgabat",
    "Türkmenabat",
    "Daşoguz",
    "Mary",
    "Balkanabat",
    "Türkmenbaşy",
    "Tejen",
    "Baýramaly",
    "Abadan",
    "Atamyrat",
    "Bereket",
    "Ýolöten",
    "Kaka",
    "Gumdag",
    "Köneürgenç",
    "Gowurdak",
  ],
  maleFirstNames: [
    "Merdan",
    "Döwlet",
    "Serdar",
    "Myrat",
    "Batyr",
    "Arslan",
    "Rustam",
    "Maksat",
    "Begenç",
    "Kakajan",
    "Döwran",
    "Nurmuhammet",
    "Baýram",
    "Ýazmyrat",
    "Agageldi",
    "Meýlis",
    "Şatlyk",
    "Perhat",
    "Gurban",
    "Atajan",
    "Hojamyrat",
    "Aýdogdy",
  ],
  femaleFirstNames: [
    "Aýgül",
    "Bahar",
    "Maýsa",
    "Jeren",
    "Aýna",
    "Gülnar",
    "Mähri",
    "Selbi",
    "Ogulşat",
    "Enejan",
    "Leýla",
    "Gözel",
    "Mahym",
    "Aýsoltan",
    "Näzik",
    "Şirin",
    "Bägül",
    "Jemal",
    "Ogulbibi",
    "Aýjemal",
    "Merjen",
    "Sülgün",
  ],
  lastNames: [
    "Orazow",
    "Annaýew",
    "Berdiýew",
    "Ataýew",
    "Gurbanow",
    "Saparow",
    "Amanow",
    "Garaýew",
    "Meredow",
    "Nazarow",
    "Rejepow",
    "Durdyýew",
    "Öwezow",
    "Babaýew",
    "Çaryýew",
    "Myradow",
    "Allaberdiýew",
    "Halmyradow",
    "Geldiýew",
    "Hojaýew",
    "Muhammedow",
    "Ödeýew",
    "Jumaýew",
    "Hydyrow",
  ],
  companies: [
    "«Ak öý» arassaçylyk hyzmaty",
    "«Berkarar gurluşyk» HJ",
    "«Dessan» kafesi",
    "«Ýyldyz» azyk dükany",
    "«Saçak» toý nahar hyzmaty",
    "«Ýoldaş» eltip beriş hyzmaty",
    "«Gülzar» söwda merkezi",
    "«Gök bag» bagbançylyk hyzmaty",
    "«Ahal ulag» ýük daşaýyş kompaniýasy",
    "«Bereketli toprak» daýhan hojalygy",
    "«Tamdyr» çörekhanasy",
    "«Nusaý» abatlaýyş HJ",
    "«Lebap logistika» HJ",
    "«Arzuw» ussahanasy",
    "«Şatlyk» toý mekany",
    "«Mähir» kofehanasy",
  ],
  bios: {
    worker: [
      "Gurluşykda on ýyldan gowrak işleýärin: kafel, gipsokarton, reňkleýiş işleri. Dynç günleri goşmaça iş alýaryn, öz gurallarym bilen gelýärin.",
      "Uniwersitetiň üçünji ýyl talyby, dynç günleri üçin iş gözleýärin. Ofisiant we promouter bolup işlän tejribäm bar.",
      "Göç we ýük daşamak işlerinde işleýärin. Fiziki taýdan güýçli, hiç wagt gijä galmaýaryn.",
      "Jaýlary we ofisleri, şol sanda abatlaýyş işlerinden soň hem arassalaýaryn. Işimi tertipli we ynsaply edýärin.",
      "Öz awtoulagym we B kategoriýaly sürüjilik şahadatnamam bar, şäher we welaýat boýunça eltip bermäge taýýar.",
      "Pensiýadaky bagban, agaçlara ideg etmegi gowy bilýärin. Howlularda we baglarda kömek edýärin.",
      "Toýlarda aşpeziň kömekçisi bolup işledim, lukmançylyk kitapçam bar.",
      "Dükanlarda kassir we satyjy bolup işledim, haryt ýerleşdirmegi we inwentarizasiýany bilýärin.",
      "Eli çeper ussa: mebel ýygnaýaryn, tekje asýaryn, rozetka çalyşýaryn. Çalt we arassa işleýärin.",
    ],
    employer: [
      "Kiçi çörekhanam bar, baýramçylyklarda we dynç günlerinde kömekçiler gerek bolýar. Iş hakyny iş gutaran güni tölärin.",
      "Jaýlary doly abatlamak bilen meşgullanýarys, gysga möhletli işler üçin ygtybarly kömekçileri we ussalary gözleýäris.",
      "Toýlary we dabaralary guraýaryn, yzygiderli ofisiantlary we aşhana kömekçilerini işe alýaryn.",
      "Daýhan hojalygymyz bar, hasyl ýygnalýan möwsümde ýygnaýjylar we ýük daşaýjylar gerek bolýar.",
      "Internet dükanyň ammaryna ýolbaşçylyk edýärin, her çärýekde inwentarizasiýa geçirýäris we birnäçe güne adam gözleýäris.",
      "Biz arassaçylyk kompaniýasy, uly sargytlar üçin goşmaça işgärleri alýarys.",
      "Seýilgähiň ýanynda kofehanam bar, tomusda ýarmarkalara we festiwallara barista gerek bolýar.",
      "Täze jaýa göçýärin, ýük daşaýjylary we mebel ýygnaýan ussany gözleýärin.",
      "Iki sany azyk dükanym bar, baýramçylyk öňünden haryt ýerleşdirmäge kömek gerek.",
    ],
  },
  jobs: {
    construction: [
      {
        title: "Hammamda kafel düşemek",
        description:
          "Takmynan 4 inedördül metr hammamyň diwarlaryna we poluna kafel düşemek gerek. Iş 3–4 gün dowam eder, duşenbe güni sagat 9:00-da başlaýarys. Kafel we ýelim eýýäm satyn alnan, öz gurallaryňyz, hususan-da kafel kesiji bilen gelmeli.",
        skills: ["kafel düşemek", "takyk ölçeg", "tertiplilik"],
      },
      {
        title: "Jaý gurluşygynda kömekçi işçi",
        description:
          "Gazoblokdan gurulýan jaýa iki kömekçi işçi gerek: bloklary düşürmek, garyndy taýýarlamak, ussalara material bermek. Iş 5 gün, sagat 8:00-dan 18:00-a çenli, günortanlyk nahar biziň hasabymyza. Ellikler we iş eşigi berilýär, ýapyk aýakgap bilen geliň.",
        skills: ["ýük düşürmek", "garyndy taýýarlamak", "çydamlylyk"],
      },
      {
        title: "Iki otagly jaýda diwarlary reňklemek",
        description:
          "Iki otagyň we dälizäniň diwarlaryny reňklemek gerek, diwarlar reňk üçin taýýarlanan. Iş dynç günlerine, 2 güne niýetlenen, sagat 10:00-da başlanýar. Reňk, walik we ýelimli lenta bar, sizden tejribe we tertiplilik talap edilýär.",
        skills: ["reňkleýiş işleri", "walik bilen işlemek", "tertiplilik"],
      },
      {
        title: "Köne kafeli aýyrmak we gurluşyk galyndylaryny çykarmak",
        description:
          "Üçünji gatdaky jaýda hammamdaky we aşhanadaky köne kafeli aýyryp, galyndylary haltalarda konteýnere çykarmak gerek. Iş 2 gün, sagat 10:00-da başlanýar. Perforator we haltalar bizden, ellik, goraýjy äýnek we respirator alyp geliň.",
        skills: ["sökmek işleri", "perforator bilen işlemek"],
      },
    ],
    delivery: [
      {
        title: "Mahabat kagyzlaryny poçta gutularyna paýlamak",
        description:
          "Çörekhanamyzyň mahabat kagyzlaryny etrapdaky köp gatly jaýlaryň poçta gutularyna paýlamak gerek. Iş 3 gün, günde 4–5 sagat, wagtyny özüňiz saýlaýarsyňyz. Mahabat kagyzlary we ugur kartasy berilýär, amatly aýakgap we surat hasabaty üçin smartfon gerek.",
        skills: ["mahabat paýlamak", "jogapkärçilik"],
      },
      {
        title: "Dynç günlerinde pyýada kurýer",
        description:
          "Kafeden 2 km töweregindäki müşderilere taýýar nahar we çörek önümlerini eltip bermek gerek. Şenbe we ýekşenbe günleri, sagat 11:00-dan 20:00-a çenli. Termosumka berilýär, mobil internetli telefon bolmaly.",
        skills: ["nahar eltip bermek", "wagta ygrarlylyk"],
      },
      {
        title: "Öz awtoulagy bolan sürüji-kurýer",
        description:
          "Internet dükanyň sargytlaryny şäher boýunça eltip bermek, günde 15–20 salgy. Iş 5 gün, sagat 9:00-dan 19:00-a çenli. Öz ýeňil awtoulagyňyz we B kategoriýaly sürüjilik şahadatnamaňyz bolmaly, ýangyç çykdajylary tölenýär.",
        skills: ["B kategoriýaly şahadatnama", "öz awtoulagy"],
      },
      {
        title: "Edaralara agyz suwuny eltmäge kömekçi",
        description:
          "19 litrlik agyz suwy gaplaryny edaralara eltýän sürüjä kömekçi gerek. Iş 4 gün, sagat 8:00-dan 17:00-a çenli, gaplary gatlara göterip çykarmaly bolar. Iş eşigi berilýär, fiziki taýdan sagdyn bolmak möhüm.",
        skills: ["agyr ýük götermek", "sypaýylyk"],
      },
    ],
    cleaning: [
      {
        title: "Abatlaýyş işlerinden soň jaýy arassalamak",
        description:
          "Abatlaýyş işlerinden soň üç otagly jaýda gurluşyk tozany, kafelde reňk we garyndy yzlary bar, penjireler plýonkaly. Bir güne, sagat 9:00-dan 19:00-a çenli iki adam gerek. Tozan sorujy we arassalaýjy serişdeler bizden, çalyşmak üçin eşik we ellik alyp geliň.",
        skills: ["abatlaýyşdan soňky arassaçylyk", "penjire ýuwmak"],
      },
      {
        title: "Ofisde umumy arassaçylyk",
        description:
          "Takmynan 200 inedördül metrlik ofisde umumy arassaçylyk: pollary ýuwmak, aşhanany we hajathanalary arassalamak, mebelleri we penjire tekjelerini süpürmek. Iş şenbe güni, sagat 10:00-dan 18:00-a çenli. Enjamlar we arassalaýjy serişdeler berilýär.",
        skills: ["umumy arassaçylyk", "himiki serişdeler bilen işlemek"],
      },
      {
        title: "Dükanyň witrinalaryny ýuwmak",
        description:
          "Iki dükanymyzyň uly witrina aýnalaryny içinden we daşyndan ýuwmak gerek. Bir günlük iş, dükan açylmazdan öň sagat 7:00-da başlanýar. Basgançak, gyryjy we serişdeler berilýär, tejribäňiz bolsa gowy.",
        skills: ["aýna ýuwmak", "basgançakda işlemek"],
      },
      {
        title: "Toýdan soň toý zalyny arassalamak",
        description:
          "Toýdan soň zaly arassalamak gerek: gap-gaçlary ýygnamak, saçaklary aýyrmak, zibili çykarmak, pollary ýuwmak. Ýekşenbe güni irden sagat 7:00-da gelmeli, takmynan 6 sagatlyk iş. Ellikler we enjamlar ýerinde, işgärler üçin ertirlik nahary bar.",
        skills: ["otag arassalamak", "topar bolup işlemek"],
      },
    ],
    catering: [
      {
        title: "Nahar festiwalynda palow çadyryna kömekçi",
        description:
          "Seýilgähdäki nahar festiwalynda palow we somsa çadyrymyza kömekçi gerek: sargytlary ýygnamak, müşderilere bermek, arassaçylygy saklamak. Anna, şenbe we ýekşenbe günleri sagat 11:00-dan 22:00-a çenli işleýäris. Önlük we kepka berilýär, lukmançylyk kitapçasy bolmaly.",
        skills: ["lukmançylyk kitapçasy", "müşderilere hyzmat"],
      },
      {
        title: "Toýa ofisiant",
        description:
          "250 myhmanly toýda hyzmat etmek: tagamlary getirmek, tabaklary çalyşmak, içgileri paýlamak. Şenbe güni sagat 16:00-dan 24:00-a çenli, toý başlamazdan bir sagat öň gelmeli. Ak köýnek, gara balak we gara aýakgap gerek, nahar berilýär.",
        skills: ["myhmanlara hyzmat", "sypaýylyk", "tertipli daş keşp"],
      },
      {
        title: "Dynç günlerinde aşhana kömekçi",
        description:
          "Naharhanamyzyň aşhanasyna kömekçi gerek: gap-gaç ýuwmak, gök önümleri arassalamak we dogramak. Şenbe we ýekşenbe, sagat 8:00-dan 17:00-a çenli. Iş eşigi we günortanlyk nahar berilýär, lukmançylyk kitapçasy hökmany.",
        skills: ["gap-gaç ýuwmak", "gök önüm dogramak"],
      },
      {
        title: "Ýarmarkadaky kofe furgonyna barista",
        description:
          "Şäher ýarmarkasyndaky kofe furgonymyza barista gerek: espresso, kapuçino, latte taýýarlamak we kassada işlemek. Iki gün, sagat 10:00-dan 20:00-a çenli. Kofe maşyny we kofe dänesi bizden, azyndan alty aýlyk tejribe gerek.",
        skills: ["kofe taýýarlamak", "kassa bilen işlemek"],
      },
    ],
    moving: [
      {
        title: "Liftsiz jaýyň bäşinji gatyndan göçmek",
        description:
          "Liftsiz jaýyň bäşinji gatyndaky iki otagly kwartiradan göçýäris: diwan, şkaflar, sowadyjy, kir ýuwujy maşyn we 40 töweregi guty. Bir güne üç ýük daşaýjy gerek, sagat 9:00-da başlaýarys. Sürüjili ulag sargyt edildi, guşaklar we gaplamak üçin plýonka berilýär.",
        skills: ["mebel ýüklemek", "agyr ýük götermek", "seresaplylyk"],
      },
      {
        title: "Ofis göçi üçin ýük daşaýjylar",
        description:
          "30 iş ýerli ofisi goňşy binä göçürýäris: stollary sökmek, tehnikany gaplamak, ýüklemek we täze ýerde ýerleşdirmek. Anna güni sagat 18:00-dan we şenbe güni bütin gün. Gurallar, gutular we streç-plýonka berilýär.",
        skills: ["mebel ýygnamak", "gaplamak"],
      },
      {
        title: "Ammarda ýük maşynlaryny düşürmek",
        description:
          "Öý himiýasy we azyk önümleri ýüklenen uly ýük maşynlaryny düşürmek üçin işçiler gerek: 10–20 kg agramly gutulary paletlere ýerleşdirmek. Iş 3 gün, sagat 8:00-dan 20:00-a çenli, günortanlyk arakesme bar. Ellikler berilýär, ýapyk aýakgap gerek.",
        skills: ["ýük düşürmek", "paletlere ýerleşdirmek"],
      },
      {
        title: "Göçenden soň mebel ýygnamak",
        description:
          "Göçenden soň şkaf-kupe, aşhana mebelini we iki sany krowaty ýygnamak gerek, ähli bölekler we görkezmeler ýerinde. Iş 2 gün, amatly wagty ylalaşarys. Öz gurallaryňyz bolmaly: elektrik buraw we açarlar toplumy.",
        skills: ["mebel ýygnamak", "çyzgy okamak"],
      },
    ],
    landscaping: [
      {
        title: "Gyşdan soň bagy arassalamak",
        description:
          "Howludaky bagda geçen ýylyň ýapraklaryny we gury şahalary ýygnamak, agaçlaryň artykmaç şahalaryny kesmek, aryklary arassalamak gerek. Iş dynç günleri, 2 gün, sagat 9:00-da başlaýarys. Dyrmyk, bag gaýçysy we el arabasy bar, günortanlyk nahar berilýär, iş eşiginde geliň.",
        skills: ["ýer arassalamak", "şaha kesmek"],
      },
      {
        title: "Ot çapmak we gyrymsylary kesmek",
        description:
          "Howluda trimmer bilen ot çapmak we diwar boýundaky gyrymsy agaçlary kesmek gerek. Bir günlük iş, yssy düşmänkä sagat 7:00-da başlaýarys. Trimmer we benzin bizden, trimmer bilen işlemekde tejribe gerek.",
        skills: ["trimmer bilen işlemek", "gyrymsy kesmek"],
      },
      {
        title: "Kafäniň eýwanynyň öňünde gül ekmek",
        description:
          "Kafemiziň tomusky eýwanynyň öňündäki gülzarlara we gül küýzelerine 300 töweregi gül nahalyny ekýäris. Iş 2 gün, sagat 8:00-dan 16:00-a çenli. Nahallar, toprak we gurallar taýýar, tertiplilik we ösümliklere söýgi gerek.",
        skills: ["nahal ekmek", "gülzara ideg"],
      },
      {
        title: "Güýzde bagy gyşa taýýarlamak",
        description:
          "Howludaky we bagdaky ýapraklary ýygnamak, üzüm şahalaryny gyşa ýapmak, bag mebellerini ammara salmak gerek. Iş 3 gün, günde 6 sagat. Gurallar we haltalar berilýär, yssy günortanlyk nahar bizden.",
        skills: ["ýaprak ýygnamak", "bagy gyşa taýýarlamak"],
      },
    ],
    retail: [
      {
        title: "Täze ýyl öňünden tekjelere haryt ýerleşdirmek",
        description:
          "Baýramçylyk öňünden azyk dükanyna işgärler gerek: harytlary tekjelere ýerleşdirmek, ýaramlylyk möhletini barlamak, baha ýazgylaryny goýmak. Iş 5 gün, sagat 7:00-dan 16:00-a çenli. Iş eşigi berilýär, lukmançylyk kitapçasy gerek.",
        skills: ["haryt ýerleşdirmek", "ýaramlylyk möhletini barlamak"],
      },
      {
        title: "Gurluşyk serişdeleri ammarynda inwentarizasiýa",
        description:
          "Ammarymyzda ýyllyk inwentarizasiýa geçirýäris: harytlary sanamak, skaner bilen barlamak, paletleri bellemek. Iş 3 gün, sagat 8:00-dan 20:00-a çenli, skaner bilen işlemegi ýerinde öwredýäris. Ünsli bolmak möhüm, ammar ýyladylmaýar, ýyly eşik alyp geliň.",
        skills: ["inwentarizasiýa", "skaner bilen işlemek", "ünslilik"],
      },
      {
        title: "Supermarketde dadyp görmek aksiýasy üçin promouter",
        description:
          "Supermarketlerde täze gatygymyzy dadyp görmäge hödürleýäris: alyjylara önümi hödürlemek we ol barada gürrüň bermek gerek. Anna we şenbe, sagat 12:00-dan 20:00-a çenli. Iş eşigi we önüm bizden, sowatly gürleýiş we tertipli daş keşp möhüm.",
        skills: ["mahabat aksiýalary", "gürrüňdeşlik ukyby"],
      },
      {
        title: "Söwda merkezinde sowgatlary gaplamak",
        description:
          "Täze ýyl öňünden söwda merkezinde sowgat gaplamak burçuny açýarys: satyn alnan harytlary kagyz we lentalar bilen owadan gaplamak gerek. Iş 4 gün, sagat 10:00-dan 21:00-a çenli. Materiallar we okuw bizden, tertiplilik we sypaýylyk gadyrlanýar.",
        skills: ["sowgat gaplamak", "alyjylar bilen işlemek"],
      },
    ],
    other: [
      {
        title: "Daýhan hojalygynda gawun ýygnamak",
        description:
          "Daýhan hojalygynda gawun we garpyz ýygnamak, olary ýük maşynyna ýüklemek üçin işçiler gerek. Iş 7 gün, yssy düşmänkä sagat 6:00-dan 14:00-a çenli işleýäris. Ellikler we agyz suwy berilýär, günortanlyk nahar hojalygyň hasabyna.",
        skills: ["hasyl ýygnamak", "ýüklemek"],
      },
      {
        title: "Konsert üçin sahna we oturgyç gurnamak",
        description:
          "Açyk howadaky konsert üçin sahnany, päsgelçilikleri we 500 oturgyjy gurnamak, soňra olary ýygnamak gerek. Iş 2 gün: anna güni sagat 8:00-dan we ýekşenbe güni 22:00-dan soň. Ellikler we gurallar berilýär, iş aýakgaby we wagtynda gelmek möhüm.",
        skills: ["gurnama işleri", "topar bolup işlemek"],
      },
      {
        title: "Awtoulag ýuwulýan nokada kömekçi",
        description:
          "El bilen awtoulag ýuwulýan nokada dynç günleri kömekçi gerek: awtoulagy daşyndan ýuwmak, salony tozan sorujy bilen arassalamak, aýnalary süpürmek. Şenbe we ýekşenbe, sagat 9:00-dan 21:00-a çenli. Iş eşigi we serişdeler berilýär, tejribe hökman däl, hemmesini öwredýäris.",
        skills: ["awtoulag ýuwmak", "salon arassalamak"],
      },
      {
        title: "Sergide stend gurnamak we gelýänleri garşylamak",
        description:
          "Halkara sergide kompaniýamyzyň stendini gurnamak, önümleri ýerleşdirmek we sergi günlerinde gelýänlere kitapçalary paýlamak gerek. Iş 4 gün, sagat 9:00-dan 18:00-a çenli. Iş eşigi we günortanlyk nahar berilýär, rus dilini bilmek artykmaçlyk.",
        skills: ["stend gurnamak", "kitapça paýlamak", "rus dili"],
      },
    ],
  },
};
