import type { FamilyReportMessages } from "./messages";

const MONTHS = [
  "enero",
  "febrero",
  "marzo",
  "abril",
  "mayo",
  "junio",
  "julio",
  "agosto",
  "septiembre",
  "octubre",
  "noviembre",
  "diciembre",
];

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const PERIODS = {
  BOY: "Inicio del año escolar (BOY)",
  MOY: "Mitad del año escolar (MOY)",
  EOY: "Fin del año escolar (EOY)",
};

// Written for families: usted, everyday words, and the school's English test names kept beside
// the Spanish ones so a parent and a teacher can point at the same line.
export const es: FamilyReportMessages = {
  languageName: "Español",
  htmlLang: "es",
  productName: "Evaluación de lectura temprana",
  title: "Informe para la familia",
  reportDate: (date) => `Fecha del informe: ${date}`,
  formatDate: (date) => `${Number(date.slice(8, 10))} de ${MONTHS[Number(date.slice(5, 7)) - 1]} de ${date.slice(0, 4)}`,
  grades: { PK: "Prekínder", K: "Kínder", "1": "1.er grado", "2": "2.º grado", "3": "3.er grado" },
  periods: PERIODS,
  schoolYear: (year) => `año escolar ${year}`,
  student: {
    heading: "Estudiante",
    name: "Nombre",
    grade: "Grado",
    dateOfBirth: "Fecha de nacimiento",
    school: "Escuela",
    teachers: "Maestro/a",
    period: "Periodo de evaluación",
    screenedOn: "Fecha de la evaluación",
    notScreened: "Todavía no ha hecho la evaluación",
  },
  about: {
    heading: "Sobre la evaluación",
    intro:
      "Su hijo o hija hizo una serie corta de actividades de lectura, parecidas a un juego, en una tableta o computadora. Esta evaluación es una revisión rápida, no un diagnóstico: ayuda al maestro o a la maestra a ver a tiempo qué habilidades van bien y en cuáles le vendría bien un poco más de práctica.",
    duration: (minutes) => `La evaluación dura unos ${minutes} minutos.`,
    gradeNotScreened: "La evaluación abarca desde prekínder hasta 3.er grado, así que no hay resultados para este grado.",
  },
  explanations: {
    PK: {
      measures:
        "En prekínder, la evaluación revisa las habilidades que preparan a los niños para leer: conocer el nombre y el sonido de las letras, entender palabras, reconocer palabras que riman y el primer sonido de una palabra, seguir instrucciones dichas en voz alta y nombrar rápidamente dibujos conocidos.",
      atHome: [
        "Lean juntos todos los días y conversen sobre los dibujos y las palabras nuevas.",
        "Canten canciones y jueguen con rimas: gato, pato, zapato… ¿qué más rima?",
        "Muéstrele las letras de su nombre, de los letreros de la calle y de las etiquetas de la comida.",
      ],
    },
    K: {
      measures:
        "En kínder, la evaluación revisa las habilidades que llevan a la lectura: el nombre y el sonido de las letras, oír y unir los sonidos de las palabras, las rimas, el vocabulario, entender oraciones e instrucciones, repetir palabras inventadas y nombrar objetos con rapidez.",
      atHome: [
        "Lean juntos todos los días; pídale que encuentre letras y diga cómo suenan.",
        "Jueguen con los sonidos: «¿Qué palabra forman s‑o‑l?» «¿Con qué sonido empieza mesa?»",
        "Conversen mucho: nombren las cosas de la casa y usen palabras nuevas en la vida diaria.",
      ],
    },
    "K-rer": {
      measures:
        "En kínder, la evaluación revisa el nombre y el sonido de las letras, unir sonidos para formar palabras y quitarle un sonido a una palabra, repetir palabras inventadas, nombrar dibujos con la palabra correcta, leer palabras sencillas y nombrar objetos con rapidez.",
      atHome: [
        "Lean juntos todos los días; señalen palabras sencillas y léanlas sonido por sonido.",
        "Jueguen con los sonidos: «Di sol sin la s.» «¿Qué palabra forman m‑a‑r?»",
        "Pídale que nombre lo que ve y que le cuente su día con oraciones completas.",
      ],
    },
    "1": {
      measures:
        "En 1.er grado, la evaluación revisa cómo está aprendiendo a leer: el nombre y el sonido de las letras, unir sonidos y quitarle un sonido a una palabra, leer palabras reales y palabras inventadas, el vocabulario, entender oraciones, repetir palabras inventadas y nombrar letras con rapidez. Las palabras inventadas muestran si puede leer, sonido por sonido, una palabra que nunca ha visto.",
      atHome: [
        "Escúchelo leer un poco todos los días, y léale usted también.",
        "Cuando se le dificulte una palabra, ayúdele a leerla sonido por sonido.",
        "Jueguen a cambiar un sonido para formar otra palabra: mesa, misa, masa.",
      ],
    },
    "2": {
      measures:
        "En 2.º grado, la evaluación revisa la lectura de palabras reales y de palabras inventadas, escribir palabras inventadas, unir sonidos y quitarle un sonido a una palabra, repetir palabras inventadas, nombrar dibujos con la palabra correcta y nombrar letras con rapidez. Las palabras inventadas muestran si puede leer y escribir palabras que nunca ha visto.",
      atHome: [
        "Lean juntos todos los días: túrnense para leer las páginas en voz alta.",
        "Conversen sobre lo que leen: quién, qué, dónde y por qué.",
        "Jueguen a escribir palabras cortas, diciendo cada sonido mientras lo escriben.",
      ],
    },
    "3": {
      measures:
        "En 3.er grado, la evaluación revisa la lectura de palabras reales y de palabras inventadas, escribir palabras inventadas, unir sonidos y quitarle un sonido a una palabra, repetir palabras inventadas, nombrar dibujos con la palabra correcta y nombrar letras con rapidez. Estas habilidades ayudan a leer textos más largos con fluidez y comprensión.",
      atHome: [
        "Reserven un rato para leer todos los días: libros, historietas, recetas, lo que le guste.",
        "Pídale que le cuente con sus propias palabras lo que leyó.",
        "Busquen juntos el significado de palabras nuevas y úsenlas al conversar.",
      ],
    },
  },
  results: {
    heading: (period) => `Resultados: ${period}`,
    columns: { area: "Área", activity: "Actividad", result: "Resultado", meaning: "Qué significa" },
    noSubtests: "No hay actividades asignadas al grado del estudiante.",
  },
  summary: (s, firstName) => {
    if (s.finished === 0) return `${firstName} todavía no ha hecho la evaluación en este periodo.`;
    const parts = [`${firstName} terminó ${s.finished} de ${plural(s.assigned, "actividad", "actividades")}.`];
    const bands = [
      s.onTrack > 0 ? `${s.onTrack} en lo esperado o por encima` : null,
      s.support > 0 ? `${s.support} por debajo de lo esperado o con necesidad de apoyo` : null,
      s.strongSupport > 0 ? `${s.strongSupport} muy por debajo de lo esperado` : null,
    ].filter((b): b is string => b !== null);
    if (bands.length > 0) parts.push(`De ellas: ${bands.join(", ")}.`);
    return parts.join(" ");
  },
  groups: {
    "phonemic-awareness": "Conciencia fonológica",
    phonics: "Fonética",
    fluency: "Fluidez",
    vocabulary: "Vocabulario",
    comprehension: "Comprensión",
    processing: "Procesamiento",
  },
  tests: {
    "letter-names": { name: "Nombres de las letras (Letter Names)", what: "Decir el nombre de las letras del abecedario" },
    "letter-sounds": { name: "Sonidos de las letras (Letter Sounds)", what: "Decir el sonido de cada letra" },
    vocab: { name: "Vocabulario (Vocabulary)", what: "Saber qué significan las palabras" },
    "oral-sentence": { name: "Comprensión oral de oraciones (Oral Sentence Comprehension)", what: "Entender oraciones dichas en voz alta" },
    blending: { name: "Unir sonidos (Blending)", what: "Juntar sonidos para formar una palabra" },
    "object-ran": { name: "Nombrar objetos rápido (Object RAN)", what: "Nombrar con rapidez dibujos de objetos" },
    "letter-ran": { name: "Nombrar letras rápido (Letter RAN)", what: "Nombrar letras con rapidez" },
    rhyming: { name: "Rimas (Rhyming)", what: "Reconocer palabras que riman" },
    "word-matching": { name: "Relacionar palabras (Word Matching)", what: "Emparejar palabras que van juntas" },
    "first-sounds": { name: "Primer sonido (First Sounds)", what: "Reconocer el primer sonido de una palabra" },
    "follow-directions": { name: "Seguir instrucciones (Follow Directions)", what: "Seguir instrucciones dichas en voz alta" },
    "nonword-repetition": { name: "Repetir palabras inventadas (Nonword Repetition)", what: "Repetir palabras que no existen" },
    deletion: { name: "Quitar sonidos (Deletion)", what: "Decir una palabra sin uno de sus sonidos" },
    "word-reading": { name: "Lectura de palabras (Word Reading)", what: "Leer palabras reales" },
    "nonword-reading": {
      name: "Lectura de palabras inventadas (Nonword Reading)",
      what: "Leer, sonido por sonido, palabras que no existen",
    },
    "rer-word-reading": { name: "Lectura de palabras (RER Word Reading)", what: "Leer palabras reales" },
    "rer-nonword-reading": {
      name: "Lectura de palabras inventadas (RER Nonword Reading)",
      what: "Leer, sonido por sonido, palabras que no existen",
    },
    "rer-nonword-repetition": { name: "Repetir palabras inventadas (RER Nonword Repetition)", what: "Repetir palabras que no existen" },
    "rer-expressive-vocabulary": {
      name: "Vocabulario expresivo (RER Expressive Vocabulary)",
      what: "Nombrar dibujos con la palabra correcta",
    },
    "rer-nonword-spelling": { name: "Escribir palabras inventadas (RER Nonword Spelling)", what: "Escribir palabras que no existen" },
    "rer-letter-ran": { name: "Nombrar letras rápido (RER Letter RAN)", what: "Nombrar letras con rapidez" },
    "rer-blending": { name: "Unir sonidos (RER Blending)", what: "Juntar sonidos para formar una palabra" },
    "rer-deletion": { name: "Quitar sonidos (RER Deletion)", what: "Decir una palabra sin uno de sus sonidos" },
  },
  score: {
    percentile: (value) => `Percentil ${value}`,
    ratio: (correctOfTotal) => `${correctOfTotal} correctas`,
    tbd: "Por determinar",
    notAvailable: "No disponible",
    ranTime: (seconds, errors = null) =>
      `${Number(seconds.toFixed(1)).toLocaleString("es")}\u00a0s` +
      (errors === null ? "" : `, ${errors} ${errors === 1 ? "error" : "errores"}`),
    noNorms: "Sin normas configuradas",
    noCutoff: "Sin punto de corte configurado",
  },
  statuses: {
    empty: "Todavía no la ha hecho",
    incomplete: "La empezó, pero no la terminó",
    "needs-scoring": "Pendiente de calificar por el maestro o la maestra",
    invalid: "No se pudo calificar",
  },
  bands: {
    "at-or-above": "En lo esperado o por encima",
    below: "Por debajo de lo esperado",
    "well-below": "Muy por debajo de lo esperado",
    "on-track": "Va por buen camino",
    "needs-support": "Necesita apoyo",
  },
  key: {
    heading: "Qué significan los resultados",
    percentile:
      "El percentil compara a su hijo o hija con niños del mismo grado de todo el país. El percentil 45 quiere decir que le fue igual o mejor que a 45 de cada 100 niños; el percentil 50 es el promedio.",
    bands: {
      "at-or-above": "por encima del percentil 40; va como se espera en esta época del año.",
      below: "del percentil 21 al 40; un poco más de práctica le ayudará.",
      "well-below": "percentil 20 o menos; la escuela le dará apoyo adicional.",
      "on-track": "alcanzó la meta para su grado en esta época del año.",
      "needs-support": "todavía no alcanza la meta; más práctica le ayudará.",
    },
    tbd: "Por determinar: la comparación para este grado todavía no está lista.",
    sources: (list) =>
      `Algunos resultados se comparan con las cifras publicadas que se nombran aquí, no con niños de todo el país: ${list}.`,
    sourceKinds: {
      ranNorms: "normas de RAN",
      pkRiskCutoff: "punto de corte de riesgo de prekínder",
      abilityCutoffs: "puntos de corte de habilidad",
    },
  },
  atHomeHeading: "Cómo puede ayudar en casa",
  closing: "¿Tiene preguntas sobre estos resultados? Hable con el maestro o la maestra de su hijo o hija.",
  // The charts' page: the periods and the risk scores named as the results page names them
  // (the school's English name kept beside the Spanish one), and short words where the chart is tight.
  growth: {
    heading: "Progreso a lo largo del año",
    note: "Percentil en cada periodo. Las franjas sombreadas marcan «Muy por debajo de lo esperado» (con rayas) y «Por debajo de lo esperado» (con puntos).",
    percentileTitle: (test, student, periods) => `Percentil de ${student} en ${test}, periodo por periodo: ${periods}`,
    riskTitle: (score, student, periods) => `Puntuación de ${student} en ${score}, periodo por periodo: ${periods}`,
    periods: PERIODS,
    columns: { period: "Periodo", percentile: "Percentil", band: "Nivel", score: "Puntuación", meaning: "Qué significa" },
    noPercentile: "Sin percentil",
    percentile: (value) => String(value),
    scores: {
      dyslexia: "Alerta de riesgo (Risk Flag)",
      pwr: "Potencial para leer palabras (Potential For Word Reading)",
      kready: "Preparación para la lectura (Reading Readiness)",
      pkRisk: "Riesgo en prekínder (Prekindergarten Risk)",
    },
    cells: {
      notStarted: "Sin empezar",
      inProgress: "Sin terminar",
      needsScoring: "Pendiente de calificar",
      noScore: "Sin puntuación",
      tbd: "Por determinar",
      notApplicable: "No corresponde",
    },
    qualifiers: {
      atRisk: "En riesgo",
      notAtRisk: "Sin riesgo",
      highRisk: "Riesgo alto",
      moderateRisk: "Riesgo medio",
      lowRisk: "Riesgo bajo",
      emerging: "En desarrollo",
      ready: "Preparado/a",
      notApplicable: "No corresponde",
    },
  },
};
