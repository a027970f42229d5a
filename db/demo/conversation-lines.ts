import type { LanguageCode } from "./content-types.ts";

type Lines = { reviewsOfWorkers: string[]; reviewsOfEmployers: string[]; chat: string[] };

const ru: Lines = {
  reviewsOfWorkers: [
    "Пришёл вовремя, работал аккуратно и без перекуров каждые десять минут. Позовём ещё.",
    "Всё сделал быстро, сам нашёл, чем заняться, когда закончил своё.",
    "Хороший работник, но в первый день опоздал на полчаса.",
    "Ответственный и вежливый, с клиентами общался отлично.",
  ],
  reviewsOfEmployers: [
    "Оплатили в тот же день, как и обещали. Обед и перчатки выдали.",
    "Нормальные условия, чёткие задачи, без сюрпризов.",
    "Работы оказалось больше, чем в описании, но доплатили честно.",
    "Приятный коллектив, всё объяснили на месте.",
  ],
  chat: [
    "Здравствуйте! Во сколько нужно быть на месте?",
    "Начинаем в 8:00, встречаемся у главного входа.",
    "Что взять с собой?",
    "Перчатки выдадим, возьмите удобную обувь и воду.",
    "Хорошо, буду вовремя.",
    "Спасибо всем за работу сегодня!",
  ],
};

const uz: Lines = {
  reviewsOfWorkers: [
    "Vaqtida keldi, ishni puxta bajardi. Yana chaqiramiz.",
    "Tez va sifatli ishladi, oʻzi tashabbus koʻrsatdi.",
    "Yaxshi ishchi, faqat birinchi kuni biroz kechikdi.",
  ],
  reviewsOfEmployers: [
    "Haqni oʻsha kuni toʻlashdi, tushlik ham berishdi.",
    "Vazifalar aniq, sharoit yaxshi.",
    "Samimiy jamoa, hammasini joyida tushuntirishdi.",
  ],
  chat: [
    "Assalomu alaykum! Soat nechada kelish kerak?",
    "Soat 8:00 da boshlaymiz, darvoza oldida uchrashamiz.",
    "Oʻzim bilan nima olib kelay?",
    "Qoʻlqop beramiz, qulay poyabzal kiying.",
    "Xoʻp, vaqtida boraman.",
  ],
};

const tk: Lines = {
  reviewsOfWorkers: [
    "Wagtynda geldi, işi tertipli etdi. Ýene çagyrarys.",
    "Çalt we gowy işledi.",
    "Gowy işçi, diňe ilkinji gün az gijä galdy.",
  ],
  reviewsOfEmployers: [
    "Şol gün tölediler, naharam berdiler.",
    "Wezipeler düşnükli, şertler gowy.",
    "Mähirli topar, hemme zady düşündirdiler.",
  ],
  chat: [
    "Salam! Sagat näçede gelmeli?",
    "Sagat 8:00-da başlaýarys, derwezäniň öňünde duşuşarys.",
    "Ýanym bilen näme alyp geleýin?",
    "Ellikleri berýäris, amatly aýakgap geýiň.",
    "Bolýar, wagtynda bararyn.",
  ],
};

const de: Lines = {
  reviewsOfWorkers: [
    "Pünktlich, zuverlässig und hat mitgedacht. Gerne wieder!",
    "Hat schnell und sauber gearbeitet, sehr angenehm im Team.",
    "Gute Arbeit, am ersten Tag allerdings etwas zu spät.",
  ],
  reviewsOfEmployers: [
    "Bezahlung noch am selben Tag, Verpflegung war inklusive.",
    "Klare Aufgaben, faire Bedingungen, nette Leute.",
    "Etwas mehr Arbeit als beschrieben, wurde aber fair vergütet.",
  ],
  chat: [
    "Hallo! Wann sollen wir morgen da sein?",
    "Wir starten um 8 Uhr, Treffpunkt ist der Haupteingang.",
    "Muss ich etwas mitbringen?",
    "Handschuhe stellen wir, bitte feste Schuhe anziehen.",
    "Alles klar, bis morgen!",
  ],
};

const fr: Lines = {
  reviewsOfWorkers: [
    "Ponctuel, efficace et agréable. À recontacter sans hésiter.",
    "Travail soigné et rapide, très bonne attitude.",
    "Bon travail, un peu en retard le premier jour.",
  ],
  reviewsOfEmployers: [
    "Payé le jour même, repas offert le midi.",
    "Consignes claires, conditions correctes, équipe sympa.",
    "Un peu plus de travail que prévu, mais bien rémunéré.",
  ],
  chat: [
    "Bonjour ! À quelle heure faut-il être sur place ?",
    "On commence à 8 h, rendez-vous devant l'entrée principale.",
    "Je dois apporter quelque chose ?",
    "On fournit les gants, prévoyez de bonnes chaussures.",
    "Parfait, à demain !",
  ],
};

const es: Lines = {
  reviewsOfWorkers: [
    "Puntual, trabajador y muy amable. Volveremos a contar con él.",
    "Trabajo rápido y bien hecho, buena actitud.",
    "Buen trabajo, aunque el primer día llegó algo tarde.",
  ],
  reviewsOfEmployers: [
    "Pagaron el mismo día y nos dieron la comida.",
    "Tareas claras y buen ambiente de trabajo.",
    "Hubo más trabajo del anunciado, pero lo pagaron bien.",
  ],
  chat: [
    "¡Hola! ¿A qué hora hay que estar allí?",
    "Empezamos a las 8:00, quedamos en la entrada principal.",
    "¿Tengo que llevar algo?",
    "Los guantes los ponemos nosotros, trae calzado cómodo.",
    "¡Perfecto, hasta mañana!",
  ],
};

const BY_LANGUAGE: Partial<Record<LanguageCode, Lines>> = { ru, kk: ru, uz, tk, de, fr, es };

/** Review comments and chat lines in the language a country's jobs are written in (Russian otherwise). */
export function linesFor(language: LanguageCode): Lines {
  return BY_LANGUAGE[language] ?? ru;
}
