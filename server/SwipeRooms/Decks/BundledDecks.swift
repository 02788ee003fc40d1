/// The sample decks built into the server (the default library when `--decks` is not given).
///
/// ```swift
/// BundledDecks.files.map(\.fileName)   // ["movies.json", "restaurants.json", "world-cinema.json"]
/// ```
public enum BundledDecks {
    /// Each deck as a file name and its JSON text, parsed like a file from `--decks`; the pictures
    /// its cards name are in ``BundledPictures`` (made by scripts/make-pictures.py).
    public static let files: [(fileName: String, text: String)] = [
        ("movies.json", movies),
        ("restaurants.json", restaurants),
        ("world-cinema.json", worldCinema),
    ]

    static let movies = #"""
    {"name":"movies","title":"Movie night","cards":[
     {"id":"dune","title":"Dune","body":"Sand, spice and a very long walk.","tags":["sci-fi","2021"],"image":{"glyph":"🏜","art":[]},"picture":"movies/dune.png"},
     {"id":"amelie","title":"Amélie","body":"A shy waitress sets out to fix other people's lives.","tags":["comedy","2001"],"image":{"glyph":"🎠","art":[]},"picture":"movies/amelie.png"},
     {"id":"alien","title":"Alien","body":"In space no one can hear you scream.","tags":["horror","1979"],"image":{"glyph":"👽","art":[]},"picture":"movies/alien.png"},
     {"id":"up","title":"Up","body":"A house, ten thousand balloons and a boy scout.","tags":["animation","2009"],"image":{"glyph":"🎈","art":[]},"picture":"movies/up.png"},
     {"id":"heat","title":"Heat","body":"A detective and a thief, equally stubborn.","tags":["crime","1995"],"image":{"glyph":"🔥","art":[]},"picture":"movies/heat.png"},
     {"id":"paddington2","title":"Paddington 2","body":"Marmalade diplomacy in prison.","tags":["family","2017"],"image":{"glyph":"🐻","art":[]},"picture":"movies/paddington2.png"},
     {"id":"arrival","title":"Arrival","body":"A linguist learns to read time.","tags":["sci-fi","2016"],"image":{"glyph":"🛸","art":[]},"picture":"movies/arrival.png"},
     {"id":"jaws","title":"Jaws","body":"You're gonna need a bigger boat.","tags":["thriller","1975"],"image":{"glyph":"🦈","art":[]},"picture":"movies/jaws.png"}
    ]}
    """#

    static let restaurants = #"""
    {"name":"restaurants","title":"Where shall we eat?","cards":[
     {"id":"pho","title":"Phở Hà Nội","body":"Beef broth simmered for twelve hours.","tags":["vietnamese","$"],"image":{"glyph":"🍜","art":[]},"picture":"restaurants/pho.png"},
     {"id":"pizza","title":"Forno Rosso","body":"Wood-fired Neapolitan pizza.","tags":["italian","$$"],"image":{"glyph":"🍕","art":[]},"picture":"restaurants/pizza.png"},
     {"id":"tacos","title":"La Esquina","body":"Tacos al pastor off the spit.","tags":["mexican","$"],"image":{"glyph":"🌮","art":[]},"picture":"restaurants/tacos.png"},
     {"id":"sushi","title":"Sushi Kaito","body":"Omakase counter, twelve seats.","tags":["japanese","$$$"],"image":{"glyph":"🍣","art":[]},"picture":"restaurants/sushi.png"},
     {"id":"curry","title":"Bombay Canteen","body":"Thali and dosa, vegetarian friendly.","tags":["indian","$$"],"image":{"glyph":"🍛","art":[]},"picture":"restaurants/curry.png"},
     {"id":"burger","title":"Smash Bros.","body":"Smashed patties, crinkle fries.","tags":["american","$"],"image":{"glyph":"🍔","art":[]},"picture":"restaurants/burger.png"},
     {"id":"mezze","title":"Beirut Table","body":"Mezze to share and grilled halloumi.","tags":["lebanese","$$"],"image":{"glyph":"🥙","art":[]},"picture":"restaurants/mezze.png"}
    ]}
    """#

    static let worldCinema = #"""
    {"name":"world-cinema","title":"World cinema · سينما العالم · 世界电影","cards":[
     {"id":"spirited-away","title":"千と千尋の神隠し","body":"Spirited Away: a girl works in a bathhouse for spirits.","tags":["japanese","2001"]},
     {"id":"in-the-mood","title":"花樣年華","body":"In the Mood for Love: two neighbours, one secret.","tags":["cantonese","2000"]},
     {"id":"parasite","title":"기생충","body":"Parasite: one family moves into another's house.","tags":["korean","2019"]},
     {"id":"wadjda","title":"وجدة","body":"Wadjda: a girl in Riyadh saves for a green bicycle.","tags":["arabic","2012"]},
     {"id":"capernaum","title":"كفرناحوم","body":"Capernaum: a boy sues his parents.","tags":["arabic","2018"]},
     {"id":"farewell-concubine","title":"霸王别姬","body":"Farewell My Concubine: fifty years of Peking opera.","tags":["mandarin","1993"]},
     {"id":"theeb","title":"ذيب","body":"Theeb: a Bedouin boy crosses the desert in 1916.","tags":["arabic","2014"]}
    ]}
    """#
}
