<?php

namespace B2BRouter\Exception;

/**
 * Permission exception (403 errors).
 */
class PermissionException extends ApiErrorException
{
}
