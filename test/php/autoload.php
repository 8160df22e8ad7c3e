<?php // PSR-4 for composer.json's "B2BRouter\\": "lib/B2BRouter/", in place of Composer (issue #19).
spl_autoload_register(static function (string $class): void {
    $file = __DIR__ . '/vendor/b2brouter-php/lib/' . str_replace('\\', '/', $class) . '.php';
    if (strncmp($class, 'B2BRouter\\', 10) === 0 && is_file($file)) require $file;
});
